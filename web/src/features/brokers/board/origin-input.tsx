import type { InputProps } from '@/components/ui/input'
import { Input } from '@/components/ui/input'
import { useDebouncedValue } from '@/lib/use-debounced-value'
import { usePlaces } from '../api/broker-queries'
import { placeValue } from '../board-format'

export interface OriginInputProps extends Omit<InputProps, 'list' | 'value'> {
  id: string
  /** The field's current text, for the suggestions. */
  value: string
}

/**
 * The origin: free text ("Chicago, IL", "Chicago IL", "60601"), with the
 * server's places as the browser's own suggestion list (a <datalist>), which
 * phones and screen readers handle natively.
 */
export function OriginInput({ id, value, ...props }: OriginInputProps) {
  const q = useDebouncedValue(value, 250)
  const places = usePlaces(q)
  const listId = `${id}-places`
  const suggestions = (places.data?.places ?? []).filter((place) => placeValue(place) !== value.trim())

  return (
    <>
      <Input id={id} list={listId} autoComplete="off" value={value} {...props} />
      <datalist id={listId}>
        {suggestions.map((place) => (
          <option key={`${place.label}-${place.zip ?? ''}`} value={placeValue(place)}>
            {place.label}
          </option>
        ))}
      </datalist>
    </>
  )
}
