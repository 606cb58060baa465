import { Search } from 'lucide-react'
import type { ReactNode } from 'react'
import { useForm, useWatch, type PathValue } from 'react-hook-form'
import { PlaceInput } from '@/components/place-input'
import { Button } from '@/components/ui/button'
import { Checkbox } from '@/components/ui/checkbox'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { NativeSelect } from '@/components/ui/native-select'
import { format, texts } from '@/lib/texts'
import type { SearchCriteria } from '../api/types'
import { MAX_AGE_CHOICES, MAX_RADIUS, MIN_RADIUS } from '../criteria'
import { EQUIPMENT, equipmentLabel } from '../equipment'
import { labels } from '../labels'
import { criteriaFromForm, formFromCriteria, searchResolver, type SearchFormValues } from './search-schema'
import { StatesPicker } from './states-picker'

const s = texts.board.search

export interface SearchFormProps {
  /** The search on screen (from the URL), or null before the first. */
  criteria: SearchCriteria | null
  /** The server's 422 messages, by form field. */
  serverErrors?: Partial<Record<keyof SearchFormValues, string>>
  onSearch: (criteria: SearchCriteria) => void
}

function FieldError({ id, message }: { id: string; message?: string }) {
  return message ? (
    <p id={id} className="text-sm text-destructive">
      {message}
    </p>
  ) : null
}

/** aria attributes of a field with an error. */
const invalid = (id: string, message?: string) =>
  message ? { 'aria-invalid': true as const, 'aria-describedby': `${id}-error` } : {}

function Field({ id, label, error, children }: { id: string; label: string; error?: string; children: ReactNode }) {
  return (
    <div className="min-w-0 space-y-2">
      <Label htmlFor={id}>{label}</Label>
      {children}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  )
}

/**
 * The truck board's search: origin and radius, destination states, equipment,
 * availability dates, posting age and whether to include carriers FMCSA does
 * not allow to operate. The form starts from the URL's criteria and hands
 * valid criteria to `onSearch`, which writes them into the URL.
 */
export function SearchForm({ criteria, serverErrors = {}, onSearch }: SearchFormProps) {
  const form = useForm<SearchFormValues>({
    resolver: searchResolver,
    defaultValues: formFromCriteria(criteria),
  })
  const { errors } = form.formState
  const errorOf = (field: keyof SearchFormValues) => errors[field]?.message ?? serverErrors[field]
  // The choices and the origin are set through setValue, not <Controller>: its
  // code would land in the react-hook-form chunk the signup pages share
  // (scripts/check-bundle.mjs). `register` still gives the origin its ref, so
  // a failed check focuses it.
  const [origin, destinations, equipment, includeNotAllowed] = useWatch({
    control: form.control,
    name: ['origin', 'destinations', 'equipment', 'include_not_allowed'],
  })
  const originField = form.register('origin')
  const set = <K extends 'origin' | 'destinations' | 'equipment' | 'include_not_allowed'>(
    name: K,
    value: PathValue<SearchFormValues, K>,
  ) => form.setValue(name, value, { shouldDirty: true, shouldValidate: form.formState.isSubmitted })

  return (
    <form
      noValidate
      role="search"
      onSubmit={form.handleSubmit((values) => onSearch(criteriaFromForm(values)))}
      className="space-y-5 rounded-xl border border-border bg-white p-4 shadow-sm sm:p-6"
    >
      <div className="grid gap-4 md:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,2fr)]">
        <PlaceInput
          id="board-origin"
          label={s.origin}
          placeholder={texts.board.postForm.placePlaceholder}
          name={originField.name}
          value={origin}
          onChange={(value) => set('origin', value)}
          inputRef={originField.ref}
          error={errorOf('origin')}
        />
        <Field id="board-radius" label={s.radius} error={errorOf('radius')}>
          <Input
            id="board-radius"
            type="number"
            inputMode="numeric"
            min={MIN_RADIUS}
            max={MAX_RADIUS}
            step={1}
            {...form.register('radius')}
            {...invalid('board-radius', errorOf('radius'))}
          />
        </Field>
        <StatesPicker
          id="board-destinations"
          label={s.destinations}
          value={destinations}
          onChange={(states) => set('destinations', states)}
          error={errorOf('destinations')}
        />
      </div>

      <fieldset className="min-w-0 space-y-3" aria-describedby={errorOf('equipment') ? 'board-equipment-error' : undefined}>
        <legend className="text-sm leading-none font-medium text-ink">{s.equipment}</legend>
        <div className="grid grid-cols-2 gap-x-4 gap-y-2.5 sm:grid-cols-3 lg:grid-cols-6">
          {EQUIPMENT.map((value) => {
            const id = `board-equipment-${value}`
            return (
              <div key={value} className="flex min-w-0 items-center gap-2">
                <Checkbox
                  id={id}
                  checked={equipment.includes(value)}
                  onCheckedChange={(checked) =>
                    set(
                      'equipment',
                      EQUIPMENT.filter((item) => (item === value ? checked === true : equipment.includes(item))),
                    )
                  }
                />
                <Label htmlFor={id} className="font-normal">
                  {equipmentLabel(value)}
                </Label>
              </div>
            )
          })}
        </div>
        <FieldError id="board-equipment-error" message={errorOf('equipment')} />
      </fieldset>

      <div className="grid gap-4 sm:grid-cols-3">
        <Field id="board-available-from" label={s.availableFrom} error={errorOf('available_from')}>
          <Input
            id="board-available-from"
            type="date"
            {...form.register('available_from')}
            {...invalid('board-available-from', errorOf('available_from'))}
          />
        </Field>
        <Field id="board-available-to" label={s.availableTo} error={errorOf('available_to')}>
          <Input
            id="board-available-to"
            type="date"
            {...form.register('available_to')}
            {...invalid('board-available-to', errorOf('available_to'))}
          />
        </Field>
        <Field id="board-max-age" label={s.maxAge} error={errorOf('max_age')}>
          <NativeSelect id="board-max-age" {...form.register('max_age')} {...invalid('board-max-age', errorOf('max_age'))}>
            <option value="">{labels.anyAge}</option>
            {MAX_AGE_CHOICES.map((hours) => (
              <option key={hours} value={String(hours)}>
                {format(labels.hours, { n: hours })}
              </option>
            ))}
          </NativeSelect>
        </Field>
      </div>

      <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex items-center gap-2">
          <Checkbox
            id="board-include-not-allowed"
            checked={includeNotAllowed}
            onCheckedChange={(checked) => set('include_not_allowed', checked === true)}
          />
          <Label htmlFor="board-include-not-allowed" className="font-normal">
            {s.includeNotAllowed}
          </Label>
        </div>
        <Button type="submit" className="w-full sm:w-auto">
          <Search className="h-4 w-4" aria-hidden />
          {s.submit}
        </Button>
      </div>
    </form>
  )
}
