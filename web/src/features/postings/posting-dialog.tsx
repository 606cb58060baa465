import { useEffect, useId, useState, type ReactNode } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import { toast } from '@/lib/toast'
import { PlaceInput } from '@/components/place-input'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { NativeSelect } from '@/components/ui/native-select'
import { Textarea } from '@/components/ui/textarea'
import { ApiError } from '@/lib/api-client'
import { cn } from '@/lib/cn'
import { elapsed } from '@/lib/elapsed'
import { specToast } from '@/lib/spec-toast'
import { format, texts } from '@/lib/texts'
import { flatZodResolver } from '@/lib/zod-form'
import { useSavePosting, useTruckChoices, useVehiclePosition } from './api/postings-queries'
import type { Posting, TruckChoice } from './api/types'
import { DestinationsField } from './destinations-field'
import {
  EQUIPMENT_TYPES,
  formField,
  newPostingValues,
  postingSchema,
  postingValues,
  toPostingInput,
  type PostingField,
  type PostingValues,
} from './posting-form'
import { useReturnFocus } from './use-return-focus'

const b = texts.board
const f = texts.board.postForm

export interface PostingDialogProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  /** The truck to post, when the dialog is opened from one; otherwise the dialog offers the fleet's trucks. */
  truck?: TruckChoice | null
  /** The posting to change (edit mode). */
  posting?: Posting | null
}

/** 'Post to Truck Board' (issue 15): a truck's place, window, equipment, destinations and rate. */
export function PostingDialog({ open, onOpenChange, truck = null, posting = null }: PostingDialogProps) {
  const [busy, setBusy] = useState(false)
  const returnFocus = useReturnFocus()
  return (
    <Dialog open={open} onOpenChange={(next) => (busy && !next ? undefined : onOpenChange(next))}>
      <DialogContent
        className="max-h-[calc(100dvh-2rem)] max-w-[640px]! overflow-x-hidden overflow-y-auto"
        {...returnFocus}
        onEscapeKeyDown={(event) => {
          // Escape in an open place list closes the list, not the dialog (Radix sees the key first).
          const target = event.target
          if (target instanceof HTMLElement && target.getAttribute('role') === 'combobox' && target.getAttribute('aria-expanded') === 'true') {
            event.preventDefault()
          }
        }}
      >
        <div className="min-w-0 space-y-1 pr-6">
          <DialogTitle>{posting ? b.editTitle : b.postTitle}</DialogTitle>
          <DialogDescription>{f.description}</DialogDescription>
        </div>
        {/* Mounted per opening: every opening starts from fresh fields. */}
        <PostingForm
          truck={truck}
          posting={posting}
          onBusy={setBusy}
          onDone={() => onOpenChange(false)}
          onCancel={() => onOpenChange(false)}
        />
      </DialogContent>
    </Dialog>
  )
}

export default PostingDialog

interface PostingFormProps {
  truck: TruckChoice | null
  posting: Posting | null
  onBusy: (busy: boolean) => void
  onDone: () => void
  onCancel: () => void
}

function PostingForm({ truck, posting, onBusy, onDone, onCancel }: PostingFormProps) {
  const id = useId()
  const ids = (field: string) => `${id}-${field}`
  const [schema] = useState(() => postingSchema())
  const form = useForm<PostingValues>({
    resolver: flatZodResolver(schema),
    defaultValues: posting ? postingValues(posting) : newPostingValues(truck),
  })
  const { errors, isSubmitted } = form.formState
  const [serverErrors, setServerErrors] = useState<Partial<Record<PostingField, string>>>({})
  const [formError, setFormError] = useState<string | null>(null)
  const save = useSavePosting()
  const busy = save.isPending

  const fixedTruck: TruckChoice | null = posting ? { id: posting.vehicle_id, name: posting.truck_number } : truck
  const choices = useTruckChoices(fixedTruck === null)
  const [vehicleId, source, origin, destinations] = useWatch({
    control: form.control,
    name: ['vehicle_id', 'location_source', 'origin', 'destinations'],
  })
  const position = useVehiclePosition(vehicleId, true)
  const eldUnavailable = vehicleId === '' || position.isError || (position.isSuccess && position.data.position === null)

  // A truck without a position cannot be located by it: back to a typed place.
  useEffect(() => {
    if (source === 'eld' && eldUnavailable) form.setValue('location_source', 'typed')
  }, [source, eldUnavailable, form])

  const setField = <K extends 'origin' | 'destinations'>(field: K, value: PostingValues[K]) => {
    form.setValue(field, value as never, { shouldDirty: true, shouldValidate: isSubmitted })
  }

  const errorOf = (field: PostingField) => errors[field]?.message ?? serverErrors[field]

  const submit = (values: PostingValues) => {
    setServerErrors({})
    setFormError(null)
    onBusy(true)
    save.mutate(
      { id: posting?.id, input: toPostingInput(values) },
      {
        onSettled: () => onBusy(false),
        onSuccess: () => {
          specToast('success', posting ? b.updated : b.posted)
          onDone()
        },
        onError: (error) => {
          if (!(error instanceof ApiError)) {
            toast.error(f.saveFailed)
            return
          }
          // A read-only fleet's refusal is toasted by the fleet shell for every write.
          if (error.code === 'read_only') return
          if (error.code === 'truck_already_posted') {
            // The truck has an active posting (board.alreadyPosted): said here, the dialog stays.
            setFormError(error.message)
            return
          }
          if (error.status === 409) {
            // The posting ended meanwhile (posting_not_active, board.notActive): nothing left to edit.
            toast.error(error.message || b.notActive)
            onDone()
            return
          }
          const shown: Partial<Record<PostingField, string>> = {}
          const unplaced: string[] = []
          for (const [name, message] of Object.entries(error.fields)) {
            const field = formField(name)
            if (field) shown[field] ??= message
            else unplaced.push(message)
          }
          setServerErrors(shown)
          if (Object.keys(shown).length === 0 || unplaced.length > 0) {
            setFormError(unplaced[0] ?? error.message)
          }
          if (error.status !== 422) toast.error(f.saveFailed, { description: error.message })
        },
      },
    )
  }

  const eldNote = (() => {
    if (vehicleId === '') return f.eldChooseTruck
    if (position.isPending) return f.eldLoading
    if (position.isError) return f.eldLoadFailed
    const found = position.data.position
    if (!found) return b.eldLocationNone
    return format(f.eldPosition, { label: found.label, age: elapsed(found.reported_at) ?? '' })
  })()

  const vehicleRegister = form.register('vehicle_id')
  const originRef = form.register('origin').ref
  form.register('destinations')

  return (
    <form noValidate onSubmit={form.handleSubmit(submit)} className="grid min-w-0 gap-5">
      {fixedTruck ? (
        <Field id={ids('truck')} label={f.truck}>
          <Input id={ids('truck')} value={fixedTruck.name} readOnly aria-readonly="true" className="bg-muted" />
        </Field>
      ) : (
        <Field id={ids('truck')} label={f.truck} error={errorOf('vehicle_id')}>
          <NativeSelect
            id={ids('truck')}
            disabled={busy || choices.isPending}
            aria-busy={choices.isPending || undefined}
            aria-invalid={errorOf('vehicle_id') ? true : undefined}
            aria-describedby={errorOf('vehicle_id') ? `${ids('truck')}-error` : undefined}
            {...vehicleRegister}
          >
            <option value="">{choices.isPending ? texts.fleet.assets.loading : f.chooseTruck}</option>
            {choices.data?.map((choice) => (
              <option key={choice.id} value={choice.id}>
                {choice.name}
              </option>
            ))}
          </NativeSelect>
          {choices.isError && (
            <Alert className="flex flex-wrap items-center justify-between gap-2">
              <span>{f.trucksLoadFailed}</span>
              <Button variant="outline" size="sm" onClick={() => void choices.refetch()}>
                {texts.board.postings.retry}
              </Button>
            </Alert>
          )}
        </Field>
      )}

      <fieldset className="min-w-0 space-y-3" aria-describedby={errorOf('location_source') ? ids('source-error') : undefined}>
        <legend className="mb-3 text-sm leading-none font-medium text-ink">{f.location}</legend>
        <div className="flex flex-col gap-3">
          <label className="flex items-center gap-2 text-sm text-ink">
            <input type="radio" value="typed" className="h-4 w-4 accent-primary" disabled={busy} {...form.register('location_source')} />
            {b.locationSource.typed}
          </label>
          <div className="space-y-1">
            <label className={cn('flex items-center gap-2 text-sm text-ink', eldUnavailable && 'text-muted-foreground')}>
              <input
                type="radio"
                value="eld"
                className="h-4 w-4 accent-primary"
                disabled={busy || eldUnavailable}
                aria-describedby={ids('eld-note')}
                {...form.register('location_source')}
              />
              {b.locationSource.eld}
            </label>
            <p id={ids('eld-note')} className="pl-6 text-sm break-words text-muted-foreground" data-testid="eld-note">
              {eldNote}
            </p>
          </div>
        </div>
        {errorOf('location_source') && (
          <p id={ids('source-error')} className="text-sm text-destructive">
            {errorOf('location_source')}
          </p>
        )}
        {source === 'typed' && (
          <PlaceInput
            id={ids('origin')}
            label={f.currentLocation}
            placeholder={f.placePlaceholder}
            value={origin}
            onChange={(value) => setField('origin', value)}
            error={errorOf('origin')}
            disabled={busy}
            inputRef={originRef}
          />
        )}
      </fieldset>

      <div className="grid min-w-0 gap-4 sm:grid-cols-2">
        <Field id={ids('from')} label={b.search.availableFrom} error={errorOf('available_from')}>
          <Input id={ids('from')} type="date" disabled={busy} {...invalid(errorOf('available_from'), ids('from'))} {...form.register('available_from')} />
        </Field>
        <Field id={ids('to')} label={b.search.availableTo} error={errorOf('available_to')}>
          <Input id={ids('to')} type="date" disabled={busy} {...invalid(errorOf('available_to'), ids('to'))} {...form.register('available_to')} />
        </Field>
      </div>

      <Field id={ids('equipment')} label={f.equipmentType} error={errorOf('equipment_type')}>
        <NativeSelect
          id={ids('equipment')}
          disabled={busy}
          {...invalid(errorOf('equipment_type'), ids('equipment'))}
          {...form.register('equipment_type')}
        >
          <option value="">{f.chooseEquipment}</option>
          {EQUIPMENT_TYPES.map((type) => (
            <option key={type} value={type}>
              {b.equipment[type]}
            </option>
          ))}
        </NativeSelect>
      </Field>

      <div className="grid min-w-0 gap-4 sm:grid-cols-3">
        <Field id={ids('length')} label={f.lengthFt} error={errorOf('length_ft')}>
          <Input
            id={ids('length')}
            inputMode="numeric"
            autoComplete="off"
            disabled={busy}
            {...invalid(errorOf('length_ft'), ids('length'))}
            {...form.register('length_ft')}
          />
        </Field>
        <Field id={ids('weight')} label={f.weightLbs} error={errorOf('weight_lbs')}>
          <Input
            id={ids('weight')}
            inputMode="numeric"
            autoComplete="off"
            disabled={busy}
            {...invalid(errorOf('weight_lbs'), ids('weight'))}
            {...form.register('weight_lbs')}
          />
        </Field>
        <Field id={ids('rate')} label={f.rate} error={errorOf('rate')}>
          <Input
            id={ids('rate')}
            inputMode="decimal"
            autoComplete="off"
            placeholder={f.ratePlaceholder}
            disabled={busy}
            {...invalid(errorOf('rate'), ids('rate'))}
            {...form.register('rate')}
          />
        </Field>
      </div>

      <DestinationsField
        label={f.destinations}
        openLabel={b.destinationsOpen}
        hint={f.destinationsHint}
        value={destinations}
        onChange={(value) => setField('destinations', value)}
        error={errorOf('destinations')}
        disabled={busy}
      />

      <Field id={ids('notes')} label={f.notes} error={errorOf('notes')}>
        <Textarea
          id={ids('notes')}
          className="min-h-20"
          disabled={busy}
          {...invalid(errorOf('notes'), ids('notes'))}
          {...form.register('notes')}
        />
      </Field>

      {formError && (
        <Alert data-testid="posting-error">
          <span className="block break-words">{formError}</span>
        </Alert>
      )}

      <div className="flex flex-col-reverse gap-2 pt-1 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onCancel} disabled={busy}>
          {f.cancel}
        </Button>
        <Button type="submit" disabled={busy}>
          {posting ? (busy ? f.saving : f.save) : busy ? f.posting : f.submit}
        </Button>
      </div>
    </form>
  )
}

/** aria-invalid and the message's id for an input with an error. */
function invalid(error: string | undefined, inputId: string) {
  return error ? { 'aria-invalid': true as const, 'aria-describedby': `${inputId}-error` } : {}
}

function Field({ id, label, error, children }: { id: string; label: string; error?: string; children: ReactNode }) {
  return (
    <div className="min-w-0 space-y-2">
      <Label htmlFor={id}>{label}</Label>
      {children}
      {error && (
        <p id={`${id}-error`} className="text-sm text-destructive">
          {error}
        </p>
      )}
    </div>
  )
}
