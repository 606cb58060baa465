import { ChevronDown } from 'lucide-react'
import { Checkbox } from '@/components/ui/checkbox'
import { Label } from '@/components/ui/label'
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover'
import { cn } from '@/lib/cn'
import { texts } from '@/lib/texts'
import { US_STATES } from '@/lib/us-states'
import { destinationsText } from '../board-format'

export interface StatesPickerProps {
  id: string
  label: string
  value: string[]
  onChange: (states: string[]) => void
  error?: string
}

/**
 * Destination states: a button that names the choice ("TX, OK", or "Open")
 * and opens a grid of checkboxes; 'Open' clears the choice (any destination).
 */
export function StatesPicker({ id, label, value, onChange, error }: StatesPickerProps) {
  const chosen = new Set(value)
  const toggle = (state: string, on: boolean) =>
    onChange(US_STATES.map(([code]) => code).filter((code) => (code === state ? on : chosen.has(code))))
  const labelId = `${id}-label`
  const valueId = `${id}-value`
  const errorId = `${id}-error`

  return (
    <div className="space-y-2">
      <Label id={labelId} htmlFor={id}>
        {label}
      </Label>
      <Popover>
        <PopoverTrigger
          id={id}
          aria-labelledby={`${labelId} ${valueId}`}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className={cn(
            'flex h-10 w-full items-center justify-between gap-2 rounded-md border border-border bg-white px-3 text-left text-sm text-ink',
            'focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-primary aria-invalid:border-destructive',
          )}
        >
          <span id={valueId} className="truncate">
            {destinationsText(value)}
          </span>
          <ChevronDown className="h-4 w-4 shrink-0 text-muted-foreground" aria-hidden />
        </PopoverTrigger>
        <PopoverContent className="w-80">
          <fieldset>
            <legend className="sr-only">{label}</legend>
            <div className="mb-3 flex items-center gap-2 border-b border-border pb-3">
              <Checkbox
                id={`${id}-open`}
                checked={value.length === 0}
                onCheckedChange={(on) => on === true && onChange([])}
              />
              <Label htmlFor={`${id}-open`} className="font-normal">
                {texts.board.destinationsOpen}
              </Label>
            </div>
            <div className="grid grid-cols-4 gap-x-2 gap-y-2.5">
              {US_STATES.map(([state, name]) => (
                <div key={state} className="flex items-center gap-1.5" title={name}>
                  <Checkbox
                    id={`${id}-${state}`}
                    checked={chosen.has(state)}
                    onCheckedChange={(on) => toggle(state, on === true)}
                  />
                  <Label htmlFor={`${id}-${state}`} className="font-normal">
                    {state}
                  </Label>
                </div>
              ))}
            </div>
          </fieldset>
        </PopoverContent>
      </Popover>
      {error && (
        <p id={errorId} className="text-sm text-destructive">
          {error}
        </p>
      )}
    </div>
  )
}
