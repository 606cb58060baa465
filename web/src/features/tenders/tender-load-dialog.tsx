import { Plus, Trash2 } from 'lucide-react'
import { useId, useState, type ReactNode } from 'react'
import { useFieldArray, useForm, useWatch, type Path } from 'react-hook-form'
import { useNavigate } from 'react-router'
import { LoadError } from '@/components/load-error'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Checkbox } from '@/components/ui/checkbox'
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { NativeSelect } from '@/components/ui/native-select'
import { Spinner } from '@/components/ui/spinner'
import { Textarea } from '@/components/ui/textarea'
import { ApiError } from '@/lib/api-client'
import { formatDollars } from '@/lib/dollars'
import { EQUIPMENT, equipmentLabel } from '@/lib/equipment'
import { brokerRoutes } from '@/lib/routes'
import { format, texts } from '@/lib/texts'
import { toast } from '@/lib/toast'
import { useBrokerFacilities, useCreateTender } from './api/tenders-queries'
import type { FacilityView } from './api/types'
import { FacilityForm } from './facility-form'
import { ACCESSORIAL_KINDS, accessorialLabel } from './labels'
import { invalid } from './display'
import { Field } from './parts'
import {
  blankStop,
  defaultTenderValues,
  formFieldOf,
  tenderInputOf,
  typedTotalCents,
  type TenderFormValues,
} from './tender-form-model'

const f = texts.loads.screens.form
const t = texts.tenderScreens.form

/** The posting a tender is for, as the board has it. */
export interface TenderPosting {
  id: string
  carrierName: string
  equipmentType: string
  lengthFt: number | null
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="min-w-0 space-y-4 border-t border-border pt-4">
      <legend className="pr-2 text-base font-semibold">{title}</legend>
      {children}
    </fieldset>
  )
}

function TenderForm({ posting, facilities, onDone }: { posting: TenderPosting; facilities: FacilityView[]; onDone: () => void }) {
  const id = useId()
  const navigate = useNavigate()
  const create = useCreateTender()
  const [failure, setFailure] = useState<string | null>(null)
  const [addingFacilityFor, setAddingFacilityFor] = useState<number | null>(null)
  const form = useForm<TenderFormValues>({ defaultValues: defaultTenderValues(posting.equipmentType, posting.lengthFt) })
  const { register, control, handleSubmit, setError, clearErrors, setValue, formState } = form
  const stops = useFieldArray({ control, name: 'stops' })
  const lines = useFieldArray({ control, name: 'accessorials' })
  const watched = useWatch({ control })
  const errors = formState.errors
  const total = typedTotalCents({
    linehaul: watched.linehaul ?? '',
    fuel: watched.fuel ?? '',
    accessorials: (watched.accessorials ?? []).map((line) => ({ kind: line?.kind ?? '', amount: line?.amount ?? '', note: '' })),
  })

  const errorOf = (name: string): string | undefined => {
    let node: unknown = errors
    for (const part of name.split('.')) node = (node as Record<string, unknown> | undefined)?.[part]
    return (node as { message?: string } | undefined)?.message
  }
  const fid = (name: string) => `${id}-${name.replace(/\./g, '-')}`
  const text = (name: Path<TenderFormValues>, label: string, options: { inputMode?: 'decimal' | 'numeric'; className?: string } = {}) => (
    <Field id={fid(name)} label={label} error={errorOf(name)} className={options.className}>
      <Input id={fid(name)} inputMode={options.inputMode} {...register(name)} {...invalid(fid(name), errorOf(name))} />
    </Field>
  )

  const submit = handleSubmit((values) => {
    setFailure(null)
    clearErrors()
    const parsed = tenderInputOf(posting.id, values)
    if (!parsed.ok) {
      for (const [name, message] of Object.entries(parsed.errors)) setError(name as Path<TenderFormValues>, { message })
      setFailure(f.fixErrors)
      return
    }
    create.mutate(parsed.input, {
      onSuccess: (tender) => {
        toast.success(format(t.sent, { load: tender.load_number }))
        onDone()
        void navigate(brokerRoutes.tenders)
      },
      onError: (error) => {
        const unplaced: string[] = []
        const fields = error instanceof ApiError ? Object.entries(error.fields) : []
        for (const [server, message] of fields) {
          const name = formFieldOf(server, values)
          if (name) setError(name as Path<TenderFormValues>, { message })
          else unplaced.push(message)
        }
        setFailure(fields.length === 0 ? error.message : unplaced.length > 0 ? unplaced.join(' ') : f.fixErrors)
      },
    })
  })

  return (
    <form className="space-y-5" noValidate onSubmit={(event) => void submit(event)}>
      <Section title={f.stopsSection}>
        {facilities.length === 0 && <p className="text-sm text-muted-foreground">{t.noFacilities}</p>}
        {errorOf('stops') && <p className="text-sm text-destructive">{errorOf('stops')}</p>}
        <ol className="space-y-4">
          {stops.fields.map((stop, index) => {
            const at = `stops.${index}` as const
            const timing = watched.stops?.[index]?.timing ?? 'appointment'
            const facility = facilities.find((candidate) => candidate.id === watched.stops?.[index]?.facility_id)
            return (
              <li key={stop.id} className="space-y-3 rounded-lg border border-border p-3">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <p className="font-medium">{format(f.stopN, { n: index + 1 })}</p>
                  {stops.fields.length > 2 && (
                    <Button variant="ghost" size="sm" onClick={() => stops.remove(index)} aria-label={format(f.removeStop, { n: index + 1 })}>
                      <Trash2 className="h-4 w-4" aria-hidden />
                    </Button>
                  )}
                </div>
                <div className="grid gap-3 sm:grid-cols-3">
                  <Field id={fid(`${at}.kind`)} label={f.stopKind}>
                    <NativeSelect id={fid(`${at}.kind`)} {...register(`${at}.kind`)}>
                      <option value="pickup">{f.pickup}</option>
                      <option value="delivery">{f.delivery}</option>
                    </NativeSelect>
                  </Field>
                  <Field id={fid(`${at}.facility_id`)} label={f.facility} error={errorOf(`${at}.facility_id`)} className="sm:col-span-2">
                    <NativeSelect
                      id={fid(`${at}.facility_id`)}
                      {...register(`${at}.facility_id`)}
                      {...invalid(fid(`${at}.facility_id`), errorOf(`${at}.facility_id`))}
                    >
                      <option value="">{f.chooseFacility}</option>
                      {facilities.map((candidate) => (
                        <option key={candidate.id} value={candidate.id}>
                          {candidate.name} — {candidate.city}, {candidate.state}
                        </option>
                      ))}
                    </NativeSelect>
                  </Field>
                </div>
                {addingFacilityFor === index ? (
                  <FacilityForm
                    onCancel={() => setAddingFacilityFor(null)}
                    onCreated={(created) => {
                      setAddingFacilityFor(null)
                      setValue(`${at}.facility_id`, created.id, { shouldValidate: false })
                      clearErrors(`${at}.facility_id`)
                    }}
                  />
                ) : (
                  <Button variant="link" size="sm" onClick={() => setAddingFacilityFor(index)}>
                    <Plus className="h-4 w-4" aria-hidden />
                    {f.addFacility}
                  </Button>
                )}
                <div className="grid gap-3 sm:grid-cols-3">
                  <Field id={fid(`${at}.timing`)} label={f.timing}>
                    <NativeSelect id={fid(`${at}.timing`)} {...register(`${at}.timing`)}>
                      <option value="appointment">{f.appointment}</option>
                      <option value="window">{f.window}</option>
                    </NativeSelect>
                  </Field>
                  <Field
                    id={fid(`${at}.start`)}
                    label={timing === 'window' ? f.windowStart : f.appointmentAt}
                    error={errorOf(`${at}.start`)}
                  >
                    <Input
                      id={fid(`${at}.start`)}
                      type="datetime-local"
                      {...register(`${at}.start`)}
                      {...invalid(fid(`${at}.start`), errorOf(`${at}.start`))}
                    />
                  </Field>
                  {timing === 'window' && (
                    <Field id={fid(`${at}.end`)} label={f.windowEnd} error={errorOf(`${at}.end`)}>
                      <Input
                        id={fid(`${at}.end`)}
                        type="datetime-local"
                        {...register(`${at}.end`)}
                        {...invalid(fid(`${at}.end`), errorOf(`${at}.end`))}
                      />
                    </Field>
                  )}
                </div>
                {facility && <p className="text-xs text-muted-foreground">{format(f.facilityClock, { zone: facility.time_zone })}</p>}
                <Field id={fid(`${at}.instructions`)} label={f.instructions}>
                  <Textarea id={fid(`${at}.instructions`)} className="min-h-16" {...register(`${at}.instructions`)} />
                </Field>
              </li>
            )
          })}
        </ol>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" size="sm" onClick={() => stops.insert(Math.max(1, stops.fields.length - 1), blankStop('pickup'))}>
            <Plus className="h-4 w-4" aria-hidden />
            {f.addPickup}
          </Button>
          <Button variant="outline" size="sm" onClick={() => stops.append(blankStop('delivery'))}>
            <Plus className="h-4 w-4" aria-hidden />
            {f.addDelivery}
          </Button>
        </div>
      </Section>

      <Section title={f.freightSection}>
        <div className="grid gap-3 sm:grid-cols-2">
          <Field id={fid('equipment_type')} label={f.equipment}>
            <NativeSelect id={fid('equipment_type')} {...register('equipment_type')}>
              {EQUIPMENT.map((value) => (
                <option key={value} value={value}>
                  {equipmentLabel(value)}
                </option>
              ))}
            </NativeSelect>
          </Field>
          {text('length_ft', f.length, { inputMode: 'numeric' })}
          {watched.equipment_type === 'reefer' && text('reefer_temp_f', f.reeferTemp)}
          {text('commodity', f.commodity)}
          {text('weight_lbs', f.weight, { inputMode: 'numeric' })}
        </div>
      </Section>

      <Section title={f.rateSection}>
        <div className="grid gap-3 sm:grid-cols-2">
          {text('linehaul', f.linehaul, { inputMode: 'decimal' })}
          {text('fuel', f.fuelSurcharge, { inputMode: 'decimal' })}
        </div>
        <div className="space-y-3">
          <p className="text-sm font-medium">{f.accessorialsSection}</p>
          {lines.fields.map((line, index) => {
            const at = `accessorials.${index}` as const
            return (
              <div key={line.id} className="grid items-end gap-3 rounded-lg border border-border p-3 sm:grid-cols-[1fr_1fr_2fr_auto]">
                <Field id={fid(`${at}.kind`)} label={f.accessorialKind}>
                  <NativeSelect id={fid(`${at}.kind`)} {...register(`${at}.kind`)}>
                    {ACCESSORIAL_KINDS.map((kind) => (
                      <option key={kind} value={kind}>
                        {accessorialLabel(kind)}
                      </option>
                    ))}
                  </NativeSelect>
                </Field>
                {text(`${at}.amount`, f.amount, { inputMode: 'decimal' })}
                {text(`${at}.note`, f.note)}
                <Button variant="ghost" onClick={() => lines.remove(index)} aria-label={f.remove}>
                  <Trash2 className="h-4 w-4" aria-hidden />
                </Button>
              </div>
            )
          })}
          <Button variant="outline" size="sm" onClick={() => lines.append({ kind: 'lumper', amount: '', note: '' })}>
            <Plus className="h-4 w-4" aria-hidden />
            {f.addAccessorial}
          </Button>
        </div>
        <p className="text-right font-semibold tabular-nums" aria-live="polite">
          {total === null ? '' : format(t.total, { total: formatDollars(total) })}
        </p>
      </Section>

      <Section title={f.termsSection}>
        <div className="grid gap-3 sm:grid-cols-3">
          {text('detention_free_hours', f.detentionFree, { inputMode: 'decimal' })}
          {text('detention_rate', f.detentionRate, { inputMode: 'decimal' })}
          {text('detention_cap', f.detentionCap, { inputMode: 'decimal' })}
          {text('tonu', f.tonu, { inputMode: 'decimal' })}
          {text('tonu_window_hours', f.tonuWindow, { inputMode: 'numeric' })}
        </div>
        {text('lumper_terms', f.lumperTerms)}
      </Section>

      <Section title={f.referencesSection}>
        <div className="grid gap-3 sm:grid-cols-3">
          {text('load_number', f.loadNumber)}
          {text('po_number', f.poNumber)}
          {text('pickup_number', f.pickupNumber)}
        </div>
      </Section>

      <Section title={t.offerSection}>
        <div className="grid gap-3 sm:grid-cols-2">
          {text('payment_terms_days', t.paymentTerms, { inputMode: 'numeric' })}
          <Field id={fid('expires_in_minutes')} label={t.expiresIn} error={errorOf('expires_in_minutes')}>
            <NativeSelect id={fid('expires_in_minutes')} {...register('expires_in_minutes')}>
              {Object.entries(t.expiryOptions).map(([minutes, label]) => (
                <option key={minutes} value={minutes}>
                  {label}
                </option>
              ))}
            </NativeSelect>
          </Field>
        </div>
        <Field id={fid('notes')} label={f.notes} error={errorOf('notes')}>
          <Textarea id={fid('notes')} className="min-h-20" {...register('notes')} />
        </Field>
        <div className="flex items-start gap-2">
          <Checkbox
            id={fid('share_position')}
            checked={watched.share_position ?? true}
            onCheckedChange={(value) => setValue('share_position', value === true)}
          />
          <Label htmlFor={fid('share_position')} className="leading-5 font-normal">
            {t.sharePosition}
          </Label>
        </div>
      </Section>

      {failure && <Alert>{failure}</Alert>}
      <div className="sticky -bottom-6 -mx-6 -mb-6 flex flex-wrap justify-end gap-2 border-t border-border bg-white px-6 py-3">
        <Button variant="outline" onClick={onDone}>
          {f.cancel}
        </Button>
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? t.sending : t.submit}
        </Button>
      </div>
    </form>
  )
}

/** The 'Tender load' dialog: the broker's offer of a load to a board posting's carrier. */
export function TenderLoadDialog({ posting, open, onOpenChange }: { posting: TenderPosting; open: boolean; onOpenChange: (open: boolean) => void }) {
  const facilities = useBrokerFacilities()
  let body: ReactNode
  if (facilities.isError)
    body = (
      <LoadError
        title={t.facilitiesFailed}
        message={facilities.error.message}
        retryLabel={texts.tenderScreens.retry}
        onRetry={() => void facilities.refetch()}
      />
    )
  else if (facilities.isPending)
    body = (
      <div className="flex justify-center py-8">
        <Spinner label={texts.tenderScreens.loading} />
      </div>
    )
  else body = <TenderForm posting={posting} facilities={facilities.data.facilities} onDone={() => onOpenChange(false)} />
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto sm:max-w-3xl">
        <DialogTitle className="pr-8">{t.title}</DialogTitle>
        <DialogDescription>{format(t.description, { carrier: posting.carrierName })}</DialogDescription>
        {body}
      </DialogContent>
    </Dialog>
  )
}

/** The board's 'Tender load' button and its dialog. */
export default function TenderLoadButton({ posting }: { posting: TenderPosting }) {
  const [open, setOpen] = useState(false)
  return (
    <>
      <Button onClick={() => setOpen(true)}>{t.open}</Button>
      {open && <TenderLoadDialog posting={posting} open={open} onOpenChange={setOpen} />}
    </>
  )
}
