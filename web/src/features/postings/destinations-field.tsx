import { useId } from 'react'
import { cn } from '@/lib/cn'
import { US_STATES } from '@/lib/us-states'

export interface DestinationsFieldProps {
  label: string
  /** The choice that means any state (the value []). */
  openLabel: string
  hint?: string
  /** Two-letter states; [] is 'Open'. */
  value: string[]
  onChange: (value: string[]) => void
  error?: string
  disabled?: boolean
}

const chip = cn(
  'flex min-w-0 cursor-pointer items-center gap-1.5 rounded-md border border-border bg-white px-2 py-1.5 text-sm text-ink',
  'has-[:checked]:border-primary has-[:checked]:bg-primary/10 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-primary',
  'has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-50',
)

/**
 * The states a truck would head to, as checkboxes: 'Open' (any state, the
 * value []) and each state by its code. Choosing a state unticks Open;
 * ticking Open clears the states; clearing the last state is Open again.
 */
export function DestinationsField({ label, openLabel, hint, value, onChange, error, disabled }: DestinationsFieldProps) {
  const id = useId()
  const chosen = new Set(value)
  const toggle = (code: string, on: boolean) => {
    const next = new Set(chosen)
    if (on) next.add(code)
    else next.delete(code)
    // In the list's order, whatever order they were ticked in.
    onChange(US_STATES.map(([state]) => state).filter((state) => next.has(state)))
  }
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined

  return (
    <fieldset className="min-w-0 space-y-2" aria-labelledby={`${id}-legend`} aria-describedby={describedBy}>
      <legend id={`${id}-legend`} className="text-sm leading-none font-medium text-ink">
        {label}
      </legend>
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
      <label className={cn(chip, 'w-fit font-medium')}>
        <input
          type="checkbox"
          className="h-4 w-4 shrink-0 accent-primary"
          checked={value.length === 0}
          disabled={disabled}
          onChange={(event) => {
            if (event.target.checked) onChange([])
          }}
        />
        {openLabel}
      </label>
      <div
        className={cn(
          'grid max-h-48 grid-cols-4 gap-1.5 overflow-y-auto rounded-md border p-2 sm:grid-cols-6',
          error ? 'border-destructive' : 'border-border',
        )}
      >
        {US_STATES.map(([code, name]) => (
          <label key={code} className={chip} title={name}>
            <input
              type="checkbox"
              className="h-4 w-4 shrink-0 accent-primary"
              checked={chosen.has(code)}
              disabled={disabled}
              onChange={(event) => toggle(code, event.target.checked)}
            />
            {code}
          </label>
        ))}
      </div>
      {error && (
        <p id={`${id}-error`} className="text-sm text-destructive">
          {error}
        </p>
      )}
    </fieldset>
  )
}
