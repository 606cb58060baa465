import { Search } from 'lucide-react'
import type { ReactNode } from 'react'
import { Controller, useForm } from 'react-hook-form'
import { PlaceInput } from '@/components/place-input'
import { Button } from '@/components/ui/button'
import { Checkbox } from '@/components/ui/checkbox'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { NativeSelect } from '@/components/ui/native-select'
import { format, texts } from '@/lib/texts'
import { flatZodResolver } from '@/lib/zod-form'
import type { SearchCriteria } from '../api/types'
import { MAX_AGE_CHOICES, MAX_RADIUS, MIN_RADIUS } from '../criteria'
import { EQUIPMENT, equipmentLabel } from '../equipment'
import { labels } from '../labels'
import { criteriaFromForm, formFromCriteria, searchSchema, type SearchFormValues } from './search-schema'
import { StatesPicker } from './states-picker'

const s = texts.board.search

export interface SearchFormProps {
  /** The search on screen (from the URL), or null before the first. */
  criteria: SearchCriteria | null
  /** The server's 422 messages, by form field. */
  serverErrors?: Partial<Record<keyof SearchFormValues, string>>
  busy?: boolean
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
export function SearchForm({ criteria, serverErrors = {}, busy, onSearch }: SearchFormProps) {
  const form = useForm<SearchFormValues>({
    resolver: flatZodResolver(searchSchema),
    defaultValues: formFromCriteria(criteria),
  })
  const { errors } = form.formState
  const errorOf = (field: keyof SearchFormValues) => errors[field]?.message ?? serverErrors[field]

  return (
    <form
      noValidate
      role="search"
      onSubmit={form.handleSubmit((values) => onSearch(criteriaFromForm(values)))}
      className="space-y-5 rounded-xl border border-border bg-white p-4 shadow-sm sm:p-6"
    >
      <div className="grid gap-4 md:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,2fr)]">
        <Controller
          control={form.control}
          name="origin"
          render={({ field }) => (
            <PlaceInput
              id="board-origin"
              label={s.origin}
              placeholder={texts.board.postForm.placePlaceholder}
              name={field.name}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              inputRef={field.ref}
              error={errorOf('origin')}
            />
          )}
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
        <Controller
          control={form.control}
          name="destinations"
          render={({ field }) => (
            <StatesPicker
              id="board-destinations"
              label={s.destinations}
              value={field.value}
              onChange={field.onChange}
              error={errorOf('destinations')}
            />
          )}
        />
      </div>

      <fieldset className="min-w-0 space-y-3" aria-describedby={errorOf('equipment') ? 'board-equipment-error' : undefined}>
        <legend className="text-sm leading-none font-medium text-ink">{s.equipment}</legend>
        <Controller
          control={form.control}
          name="equipment"
          render={({ field }) => (
            <div className="grid grid-cols-2 gap-x-4 gap-y-2.5 sm:grid-cols-3 lg:grid-cols-6">
              {EQUIPMENT.map((value) => {
                const id = `board-equipment-${value}`
                const on = field.value.includes(value)
                return (
                  <div key={value} className="flex min-w-0 items-center gap-2">
                    <Checkbox
                      id={id}
                      checked={on}
                      onCheckedChange={(checked) =>
                        field.onChange(EQUIPMENT.filter((item) => (item === value ? checked === true : field.value.includes(item))))
                      }
                    />
                    <Label htmlFor={id} className="font-normal">
                      {equipmentLabel(value)}
                    </Label>
                  </div>
                )
              })}
            </div>
          )}
        />
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
        <Controller
          control={form.control}
          name="include_not_allowed"
          render={({ field }) => (
            <div className="flex items-center gap-2">
              <Checkbox
                id="board-include-not-allowed"
                checked={field.value}
                onCheckedChange={(checked) => field.onChange(checked === true)}
              />
              <Label htmlFor="board-include-not-allowed" className="font-normal">
                {s.includeNotAllowed}
              </Label>
            </div>
          )}
        />
        <Button type="submit" className="w-full sm:w-auto" disabled={busy}>
          <Search className="h-4 w-4" aria-hidden />
          {s.submit}
        </Button>
      </div>
    </form>
  )
}
