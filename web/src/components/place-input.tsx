import { useId, useState, type KeyboardEvent, type ReactNode, type Ref } from 'react'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { cn } from '@/lib/cn'
import { PLACE_QUERY_MIN, placeText, usePlaces, type Place } from '@/lib/places'
import { useDebouncedValue } from '@/lib/use-debounced-value'

export interface PlaceInputProps {
  label: string
  /** The free text: what the user typed, or the chosen suggestion's text. The server resolves it. */
  value: string
  onChange: (value: string) => void
  onBlur?: () => void
  /** A validation message shown under the input and tied to it for screen readers. */
  error?: string
  hint?: ReactNode
  id?: string
  name?: string
  placeholder?: string
  disabled?: boolean
  className?: string
  inputRef?: Ref<HTMLInputElement>
}

/**
 * A 'city, state or ZIP' text input with suggestions from GET /api/places
 * (the WAI-ARIA combobox pattern: arrow keys move through the list, Enter
 * takes the highlighted place, Escape closes the list). Its value stays free
 * text: typing without choosing a suggestion is fine.
 *
 * A dialog around it should keep itself open on an Escape that closes the list:
 * Radix sees the key first, while the input is still `aria-expanded="true"`.
 */
export function PlaceInput({
  label,
  value,
  onChange,
  onBlur,
  error,
  hint,
  id,
  name,
  placeholder,
  disabled = false,
  className,
  inputRef,
}: PlaceInputProps) {
  const ownId = useId()
  const inputId = id ?? `${ownId}-input`
  const listId = `${inputId}-places`
  const errorId = `${inputId}-error`
  const hintId = `${inputId}-hint`
  // Suggestions are looked up only once the user types: a value set from
  // outside (an edit form's saved origin) or a chosen suggestion opens nothing.
  const [typed, setTyped] = useState(false)
  const [open, setOpen] = useState(false)
  const [active, setActive] = useState(-1)
  const debounced = useDebouncedValue(value, 250)
  // Only the text as it stands is looked up, never one the user has since changed.
  const query = usePlaces(debounced, typed && !disabled && debounced === value)
  const places = query.data?.places ?? []
  const expanded = open && typed && !disabled && value.trim().length >= PLACE_QUERY_MIN && places.length > 0
  const activeIndex = expanded && active < places.length ? active : -1
  const optionId = (index: number) => `${listId}-${index}`

  const choose = (place: Place) => {
    onChange(placeText(place))
    setTyped(false)
    setOpen(false)
    setActive(-1)
  }

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (places.length === 0 || !typed) return
      event.preventDefault()
      const down = event.key === 'ArrowDown'
      if (!expanded) {
        setOpen(true)
        setActive(down ? 0 : places.length - 1)
        return
      }
      setActive(down ? (activeIndex + 1) % places.length : activeIndex <= 0 ? places.length - 1 : activeIndex - 1)
    } else if (event.key === 'Enter') {
      // Without a highlighted place, Enter submits the form as usual.
      if (activeIndex < 0) return
      event.preventDefault()
      choose(places[activeIndex])
    } else if (event.key === 'Escape') {
      if (!expanded) return
      event.preventDefault()
      setOpen(false)
      setActive(-1)
    }
  }

  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined

  return (
    <div className={cn('min-w-0 space-y-2', className)}>
      <Label htmlFor={inputId}>{label}</Label>
      <div className="relative">
        <Input
          id={inputId}
          ref={inputRef}
          name={name}
          type="text"
          role="combobox"
          autoComplete="off"
          spellCheck={false}
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={expanded ? listId : undefined}
          aria-activedescendant={activeIndex >= 0 ? optionId(activeIndex) : undefined}
          aria-busy={typed && query.isFetching ? true : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          placeholder={placeholder}
          disabled={disabled}
          value={value}
          onChange={(event) => {
            onChange(event.target.value)
            setTyped(true)
            setOpen(true)
            setActive(-1)
          }}
          onKeyDown={onKeyDown}
          onBlur={() => {
            setOpen(false)
            setActive(-1)
            onBlur?.()
          }}
        />
        {expanded && (
          <ul
            id={listId}
            role="listbox"
            aria-label={label}
            className="absolute inset-x-0 top-full z-50 mt-1 max-h-64 overflow-y-auto rounded-md border border-border bg-white py-1 shadow-lg"
          >
            {places.map((place, index) => (
              <li
                key={`${place.label}-${index}`}
                id={optionId(index)}
                role="option"
                aria-selected={index === activeIndex}
                className={cn(
                  'cursor-pointer px-3 py-2 text-sm break-words text-ink',
                  index === activeIndex ? 'bg-primary text-primary-foreground' : 'hover:bg-muted',
                )}
                // Keep the focus in the input: a blur would close the list before the click.
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => choose(place)}
              >
                {place.label}
              </li>
            ))}
          </ul>
        )}
      </div>
      {hint && (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-sm text-destructive">
          {error}
        </p>
      )}
    </div>
  )
}
