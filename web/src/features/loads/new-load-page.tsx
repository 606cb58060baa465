import { ArrowDown, ArrowLeft, ArrowUp, Plus, Trash2 } from 'lucide-react'
import { useState, type ReactNode } from 'react'
import { Controller, get, set, useFieldArray, useForm, useWatch, type FieldErrors, type Resolver } from 'react-hook-form'
import { Link, useLocation, useNavigate } from 'react-router'
import { LoadError } from '@/components/load-error'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import { Input } from '@/components/ui/input'
import { NativeSelect } from '@/components/ui/native-select'
import { Spinner } from '@/components/ui/spinner'
import { Textarea } from '@/components/ui/textarea'
import { ApiError } from '@/lib/api-client'
import { fleetRoutes } from '@/lib/routes'
import { format, texts } from '@/lib/texts'
import { toast } from '@/lib/toast'
import type { CustomerView, FacilityView, LoadView, RateConDraft, RateConStop } from './api/loads-api'
import { useCreateLoad, useCustomers, useEditLoad, useFacilities } from './api/loads-queries'
import { invalid } from './field-aria'
import { Field } from './form-parts'
import {
  ACCESSORIAL_KINDS,
  blankLoadForm,
  blankStop,
  formField,
  formFromDraft,
  formFromLoad,
  missingTermsText,
  toLoadInput,
  validateLoadForm,
  type LoadFormValues,
} from './load-form-model'
import { CustomerDialog, FacilityDialog } from './party-dialogs'
import type { NewLoadState } from './rate-con-upload'

/** The form's own checks as react-hook-form's errors (nested: `stops.0.appointment`). */
const resolver: Resolver<LoadFormValues> = (values) => {
  const flat = validateLoadForm(values)
  if (Object.keys(flat).length === 0) return { values, errors: {} }
  const errors: FieldErrors<LoadFormValues> = {}
  for (const [name, message] of Object.entries(flat)) {
    // The array's own message sits beside its items' (react-hook-form's `root`).
    set(errors, name === 'stops' ? 'stops.root' : name, { type: 'validate', message })
  }
  return { values: {}, errors }
}

/** /fleet-dashboard/loads/new: a load by hand, or reviewed from a rate con's draft (issue 31 §1, §2). */
export default function NewLoadPage() {
  const location = useLocation()
  const rateCon = (location.state as NewLoadState | null)?.rateCon
  const customers = useCustomers()
  const facilities = useFacilities()
  const s = texts.loads.screens
  if (customers.isPending || facilities.isPending) {
    return (
      <div className="flex justify-center py-10">
        <Spinner label={s.loading} />
      </div>
    )
  }
  if (customers.isError || facilities.isError) {
    return (
      <LoadError
        title={s.form.listsFailed}
        message={(customers.error ?? facilities.error)?.message}
        retryLabel={s.retry}
        onRetry={() => {
          void customers.refetch()
          void facilities.refetch()
        }}
      />
    )
  }
  // A new draft (another rate con) is a new form.
  return <LoadForm key={rateCon?.upload_id ?? 'blank'} rateCon={rateCon} customers={customers.data} facilities={facilities.data} />
}

interface LoadFormProps {
  rateCon?: RateConDraft
  /** The load being edited (the edit page): the form starts from it and saves with PUT. */
  editing?: LoadView
  /** Reads the edited load again (after a 409: someone else changed it). */
  onReload?: () => void
  customers: CustomerView[]
  facilities: FacilityView[]
}

/** The load form: a new load (by hand or from a rate con's draft), or an edit of `editing`. */
export function LoadForm({ rateCon, editing, onReload, customers, facilities }: LoadFormProps) {
  const s = texts.loads.screens
  const f = s.form
  const navigate = useNavigate()
  const [{ values: initial, fromRateCon }] = useState(() =>
    editing
      ? { values: formFromLoad(editing), fromRateCon: new Set<string>() }
      : rateCon
        ? formFromDraft(rateCon)
        : { values: blankLoadForm(), fromRateCon: new Set<string>() },
  )
  const { register, control, handleSubmit, setError, setValue, formState } = useForm<LoadFormValues>({
    defaultValues: initial,
    resolver,
  })
  const stops = useFieldArray({ control, name: 'stops' })
  const lines = useFieldArray({ control, name: 'accessorials' })
  const equipment = useWatch({ control, name: 'equipment_type' })
  const rateMethod = useWatch({ control, name: 'rate_method' })
  const stopValues = useWatch({ control, name: 'stops' })
  const create = useCreateLoad()
  const edit = useEditLoad(editing?.id ?? '')
  const saving = create.isPending || edit.isPending
  const [failure, setFailure] = useState<string | null>(null)
  /** A 409 of an edit: the load changed or moved on; the form keeps what was typed. */
  const [conflict, setConflict] = useState<string | null>(null)
  const [customerOpen, setCustomerOpen] = useState(false)
  const [facilityFor, setFacilityFor] = useState<{ index: number; initial: RateConStop | null } | null>(null)
  const errors = formState.errors
  const errorOf = (name: string): string | undefined => (get(errors, name) as { message?: string } | undefined)?.message
  const marked = (name: string) => fromRateCon.has(name)
  const missing = rateCon?.has_text ? missingTermsText(rateCon.missing_terms) : null
  const draft = rateCon?.has_text ? rateCon.draft : null

  const onValid = (values: LoadFormValues) => {
    setFailure(null)
    setConflict(null)
    const onError = (error: Error) => {
      if (error instanceof ApiError && error.status === 409) {
        setConflict(error.message)
        return
      }
      showErrors(error)
    }
    if (editing) {
      edit.mutate(
        { ...toLoadInput(values), updated_at: editing.updated_at },
        {
          onSuccess: (load) => {
            toast.success(format(f.updated, { pro: load.pro_number }))
            void navigate(fleetRoutes.load(load.id))
          },
          onError,
        },
      )
      return
    }
    create.mutate(toLoadInput(values, rateCon?.upload_id), {
      onSuccess: (load) => {
        toast.success(format(f.saved, { pro: load.pro_number }))
        void navigate(fleetRoutes.load(load.id))
      },
      onError,
    })
  }

  /** A 422's fields at their form fields; any other failure as one message. */
  const showErrors = (error: Error) => {
    const fields = error instanceof ApiError ? Object.entries(error.fields) : []
    let shown = 0
    for (const [server, message] of fields) {
      const name = formField(server)
      if (name === 'stops' || name === 'accessorials') setError(`root.${name}`, { message })
      else setError(name as 'load_number', { message }, { shouldFocus: shown === 0 })
      shown += 1
    }
    setFailure(fields.length > 0 ? f.fixErrors : error.message)
  }

  const text = (name: keyof LoadFormValues, label: string, props: { type?: string; className?: string; inputMode?: 'decimal' | 'numeric' } = {}) => {
    const id = `load-${name}`
    const error = errorOf(name)
    return (
      <Field id={id} label={label} error={error} fromRateCon={marked(name)} className={props.className}>
        <Input id={id} type={props.type ?? 'text'} inputMode={props.inputMode} {...register(name)} {...invalid(id, error)} />
      </Field>
    )
  }
  const money = (name: keyof LoadFormValues, label: string) => text(name, label, { inputMode: 'decimal' })
  const whole = (name: keyof LoadFormValues, label: string) => text(name, label, { inputMode: 'numeric' })
  const section = (title: string, children: ReactNode) => (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">{children}</CardContent>
    </Card>
  )
  const equipmentNames: Record<string, string> = texts.board.equipment
  const facilityById = new Map(facilities.map((facility) => [facility.id, facility]))

  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <Link
        to={editing ? fleetRoutes.load(editing.id) : fleetRoutes.loads}
        className="inline-flex items-center gap-1 text-sm text-primary hover:underline"
      >
        <ArrowLeft className="h-4 w-4" aria-hidden />
        {editing ? format(f.backToLoad, { pro: editing.pro_number }) : f.back}
      </Link>
      <h1 className="text-2xl font-semibold text-ink">
        {editing ? format(f.editTitle, { pro: editing.pro_number }) : rateCon ? f.fromRateConTitle : f.title}
      </h1>
      {rateCon && !rateCon.has_text && rateCon.message && <Alert variant="warning">{rateCon.message}</Alert>}
      {missing && <Alert variant="warning">{missing}</Alert>}

      <form
        noValidate
        className="space-y-6"
        onSubmit={(event) => void handleSubmit(onValid, () => setFailure(f.fixErrors))(event)}
      >
        {section(
          f.customerSection,
          <div className="flex flex-wrap items-end gap-3">
            <Field
              id="load-customer_id"
              label={f.customer}
              error={errorOf('customer_id')}
              fromRateCon={marked('customer_id')}
              className="flex-1 basis-64"
              hint={!draft?.customer_id && draft?.customer_name ? draft.customer_name : undefined}
            >
              {/* Controlled: a customer added in the dialog is chosen in the same render that lists it. */}
              <Controller
                control={control}
                name="customer_id"
                render={({ field }) => (
                  <NativeSelect id="load-customer_id" {...field} {...invalid('load-customer_id', errorOf('customer_id'))}>
                    <option value="">{f.chooseCustomer}</option>
                    {customers.map((customer) => (
                      <option key={customer.id} value={customer.id}>
                        {customer.name}
                        {customer.mc_number ? ` (MC ${customer.mc_number})` : ''}
                      </option>
                    ))}
                  </NativeSelect>
                )}
              />
            </Field>
            <Button variant="outline" onClick={() => setCustomerOpen(true)}>
              <Plus className="h-4 w-4" aria-hidden />
              {f.addCustomer}
            </Button>
          </div>,
        )}

        {section(
          f.referencesSection,
          <div className="grid gap-4 sm:grid-cols-2">
            {text('load_number', f.loadNumber)}
            {text('bol_number', f.bolNumber)}
            {text('po_number', f.poNumber)}
            {text('pickup_number', f.pickupNumber)}
          </div>,
        )}

        {section(
          f.freightSection,
          <>
            <div className="grid gap-4 sm:grid-cols-3">
              <Field id="load-equipment_type" label={f.equipment} error={errorOf('equipment_type')} fromRateCon={marked('equipment_type')}>
                <NativeSelect id="load-equipment_type" {...register('equipment_type')}>
                  {Object.entries(equipmentNames).map(([value, name]) => (
                    <option key={value} value={value}>
                      {name}
                    </option>
                  ))}
                </NativeSelect>
              </Field>
              {whole('length_ft', f.length)}
              {equipment === 'reefer' && whole('reefer_temp_f', f.reeferTemp)}
            </div>
            <div className="grid gap-4 sm:grid-cols-3">
              {text('commodity', f.commodity)}
              {whole('weight_lbs', f.weight)}
              {whole('pieces', f.pieces)}
              {text('hazmat_class', f.hazmatClass)}
              {text('un_number', f.unNumber)}
            </div>
            <Field id="load-notes" label={f.notes} error={errorOf('notes')}>
              <Textarea id="load-notes" {...register('notes')} />
            </Field>
          </>,
        )}

        {section(
          f.rateSection,
          <>
            <fieldset className="space-y-2">
              <legend className="text-sm font-medium text-ink">{f.rateMethod}</legend>
              <div className="flex flex-wrap gap-4 text-sm">
                <label className="flex items-center gap-2">
                  <input type="radio" value="flat" {...register('rate_method')} />
                  {f.flat}
                </label>
                <label className="flex items-center gap-2">
                  <input type="radio" value="per_mile" {...register('rate_method')} />
                  {f.perMile}
                </label>
              </div>
            </fieldset>
            <div className="grid gap-4 sm:grid-cols-2">
              {rateMethod === 'per_mile' ? money('rate_per_mile', f.ratePerMile) : money('linehaul', f.linehaul)}
              {money('fuel_surcharge', f.fuelSurcharge)}
            </div>
          </>,
        )}

        {section(
          f.termsSection,
          <>
            <div className="grid gap-4 sm:grid-cols-3">
              {text('detention_free_hours', f.detentionFree, { inputMode: 'decimal' })}
              {money('detention_rate', f.detentionRate)}
              {money('detention_cap', f.detentionCap)}
              {money('tonu', f.tonu)}
              {whole('tonu_window_hours', f.tonuWindow)}
            </div>
            <Field id="load-lumper_terms" label={f.lumperTerms} error={errorOf('lumper_terms')} fromRateCon={marked('lumper_terms')}>
              <Textarea id="load-lumper_terms" rows={2} {...register('lumper_terms')} />
            </Field>
          </>,
        )}

        {section(
          f.accessorialsSection,
          <>
            {lines.fields.map((line, index) => (
              <div key={line.id} className="grid items-end gap-3 rounded-lg border border-border p-3 sm:grid-cols-[10rem_8rem_1fr_auto]">
                <Field id={`load-accessorials-${index}-kind`} label={f.accessorialKind} error={errorOf(`accessorials.${index}.kind`)}>
                  <NativeSelect id={`load-accessorials-${index}-kind`} {...register(`accessorials.${index}.kind`)}>
                    {ACCESSORIAL_KINDS.map((kind) => (
                      <option key={kind} value={kind}>
                        {f.accessorialKinds[kind]}
                      </option>
                    ))}
                  </NativeSelect>
                </Field>
                <Field id={`load-accessorials-${index}-amount`} label={f.amount} error={errorOf(`accessorials.${index}.amount`)}>
                  <Input
                    id={`load-accessorials-${index}-amount`}
                    inputMode="decimal"
                    {...register(`accessorials.${index}.amount`)}
                    {...invalid(`load-accessorials-${index}-amount`, errorOf(`accessorials.${index}.amount`))}
                  />
                </Field>
                <Field id={`load-accessorials-${index}-note`} label={f.note} error={errorOf(`accessorials.${index}.note`)}>
                  <Input id={`load-accessorials-${index}-note`} {...register(`accessorials.${index}.note`)} />
                </Field>
                <Button variant="ghost" size="sm" onClick={() => lines.remove(index)}>
                  <Trash2 className="h-4 w-4" aria-hidden />
                  {f.remove}
                </Button>
              </div>
            ))}
            {(errorOf('accessorials.root') ?? errorOf('root.accessorials')) && (
              <p className="text-sm text-destructive">{errorOf('accessorials.root') ?? errorOf('root.accessorials')}</p>
            )}
            <Button variant="outline" size="sm" onClick={() => lines.append({ kind: 'lumper', amount: '', note: '' })}>
              <Plus className="h-4 w-4" aria-hidden />
              {f.addAccessorial}
            </Button>
          </>,
        )}

        {section(
          f.stopsSection,
          <>
            <ol className="space-y-4">
              {stops.fields.map((stop, index) => {
                const n = index + 1
                const values = stopValues[index] ?? stop
                const facility = facilityById.get(values.facility_id)
                const id = (name: string) => `load-stops-${index}-${name}`
                const path = (name: string) => `stops.${index}.${name}`
                const rateConFacility = values.rate_con_facility
                return (
                  <li key={stop.id} className="space-y-4 rounded-lg border border-border p-4" aria-label={format(f.stopN, { n })}>
                    <div className="flex flex-wrap items-center justify-between gap-2">
                      <p className="font-medium text-ink">{format(f.stopN, { n })}</p>
                      <div className="flex gap-1">
                        <Button variant="ghost" size="sm" aria-label={format(f.moveUp, { n })} disabled={index === 0} onClick={() => stops.move(index, index - 1)}>
                          <ArrowUp className="h-4 w-4" aria-hidden />
                        </Button>
                        <Button
                          variant="ghost"
                          size="sm"
                          aria-label={format(f.moveDown, { n })}
                          disabled={index === stops.fields.length - 1}
                          onClick={() => stops.move(index, index + 1)}
                        >
                          <ArrowDown className="h-4 w-4" aria-hidden />
                        </Button>
                        <Button
                          variant="ghost"
                          size="sm"
                          aria-label={format(f.removeStop, { n })}
                          disabled={stops.fields.length <= 2}
                          onClick={() => stops.remove(index)}
                        >
                          <Trash2 className="h-4 w-4" aria-hidden />
                        </Button>
                      </div>
                    </div>
                    <div className="grid gap-4 sm:grid-cols-[10rem_1fr]">
                      <Field id={id('kind')} label={f.stopKind} error={errorOf(path('kind'))} fromRateCon={marked(path('kind'))}>
                        <NativeSelect id={id('kind')} {...register(`stops.${index}.kind`)}>
                          <option value="pickup">{f.pickup}</option>
                          <option value="delivery">{f.delivery}</option>
                        </NativeSelect>
                      </Field>
                      <Field
                        id={id('facility_id')}
                        label={f.facility}
                        error={errorOf(path('facility_id'))}
                        fromRateCon={marked(path('facility_id')) || Boolean(rateConFacility)}
                        hint={
                          facility
                            ? `${facility.address}, ${facility.city}, ${facility.state} · ${format(f.facilityClock, { zone: facility.time_zone })}`
                            : rateConFacility?.facility_name
                              ? format(f.rateConFacility, {
                                  name: [rateConFacility.facility_name, rateConFacility.city, rateConFacility.state].filter(Boolean).join(', '),
                                })
                              : undefined
                        }
                      >
                        <div className="flex flex-wrap gap-2">
                          <Controller
                            control={control}
                            name={`stops.${index}.facility_id`}
                            render={({ field }) => (
                              <NativeSelect
                                id={id('facility_id')}
                                className="min-w-0 flex-1 basis-48"
                                {...field}
                                {...invalid(id('facility_id'), errorOf(path('facility_id')))}
                              >
                                <option value="">{f.chooseFacility}</option>
                                {facilities.map((option) => (
                                  <option key={option.id} value={option.id}>
                                    {option.name} — {option.city}, {option.state}
                                  </option>
                                ))}
                              </NativeSelect>
                            )}
                          />
                          <Button variant="outline" onClick={() => setFacilityFor({ index, initial: facility ? null : rateConFacility })}>
                            <Plus className="h-4 w-4" aria-hidden />
                            {!facility && rateConFacility ? f.addThisFacility : f.addFacility}
                          </Button>
                        </div>
                      </Field>
                    </div>
                    <fieldset className="space-y-2">
                      <legend className="text-sm font-medium text-ink">{f.timing}</legend>
                      <div className="flex flex-wrap gap-4 text-sm">
                        <label className="flex items-center gap-2">
                          <input type="radio" value="appointment" {...register(`stops.${index}.timing`)} />
                          {f.appointment}
                        </label>
                        <label className="flex items-center gap-2">
                          <input type="radio" value="window" {...register(`stops.${index}.timing`)} />
                          {f.window}
                        </label>
                      </div>
                    </fieldset>
                    {values.timing === 'window' ? (
                      <div className="grid gap-4 sm:grid-cols-2">
                        <Field id={id('window_start')} label={f.windowStart} error={errorOf(path('window_start'))} fromRateCon={marked(path('window_start'))}>
                          <Input id={id('window_start')} type="datetime-local" {...register(`stops.${index}.window_start`)} {...invalid(id('window_start'), errorOf(path('window_start')))} />
                        </Field>
                        <Field id={id('window_end')} label={f.windowEnd} error={errorOf(path('window_end'))} fromRateCon={marked(path('window_end'))}>
                          <Input id={id('window_end')} type="datetime-local" {...register(`stops.${index}.window_end`)} {...invalid(id('window_end'), errorOf(path('window_end')))} />
                        </Field>
                      </div>
                    ) : (
                      <Field id={id('appointment')} label={f.appointmentAt} error={errorOf(path('appointment'))} fromRateCon={marked(path('appointment'))} className="sm:max-w-xs">
                        <Input id={id('appointment')} type="datetime-local" {...register(`stops.${index}.appointment`)} {...invalid(id('appointment'), errorOf(path('appointment')))} />
                      </Field>
                    )}
                    <Field id={id('instructions')} label={f.instructions} error={errorOf(path('instructions'))} fromRateCon={marked(path('instructions'))}>
                      <Textarea id={id('instructions')} rows={2} {...register(`stops.${index}.instructions`)} />
                    </Field>
                  </li>
                )
              })}
            </ol>
            {(errorOf('stops.root') ?? errorOf('root.stops')) && (
              <p className="text-sm text-destructive">{errorOf('stops.root') ?? errorOf('root.stops')}</p>
            )}
            <div className="flex flex-wrap gap-2">
              <Button variant="outline" size="sm" onClick={() => stops.append(blankStop('pickup'))}>
                <Plus className="h-4 w-4" aria-hidden />
                {f.addPickup}
              </Button>
              <Button variant="outline" size="sm" onClick={() => stops.append(blankStop('delivery'))}>
                <Plus className="h-4 w-4" aria-hidden />
                {f.addDelivery}
              </Button>
            </div>
          </>,
        )}

        {failure && <Alert>{failure}</Alert>}
        {conflict && (
          <Alert>
            <div className="flex flex-wrap items-center justify-between gap-2">
              <span>{conflict}</span>
              {onReload && (
                <Button variant="outline" size="sm" onClick={onReload}>
                  {f.reload}
                </Button>
              )}
            </div>
          </Alert>
        )}
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="outline" asChild>
            <Link to={editing ? fleetRoutes.load(editing.id) : fleetRoutes.loads}>{f.cancel}</Link>
          </Button>
          <Button type="submit" disabled={saving}>
            {saving ? f.saving : editing ? f.saveChanges : f.save}
          </Button>
        </div>
      </form>

      {customerOpen && (
        <CustomerDialog
          open
          onOpenChange={setCustomerOpen}
          initial={
            draft && !draft.customer_id
              ? { name: draft.customer_name ?? '', mc_number: draft.customer_mc ?? '', usdot_number: draft.customer_usdot ?? '' }
              : undefined
          }
          onCreated={(customer) => setValue('customer_id', customer.id, { shouldValidate: formState.isSubmitted })}
        />
      )}
      {facilityFor && (
        <FacilityDialog
          open
          onOpenChange={(open) => !open && setFacilityFor(null)}
          initial={facilityFor.initial}
          onCreated={(facility) => {
            setValue(`stops.${facilityFor.index}.facility_id`, facility.id, { shouldValidate: formState.isSubmitted })
            setValue(`stops.${facilityFor.index}.rate_con_facility`, null)
          }}
        />
      )}
    </div>
  )
}
