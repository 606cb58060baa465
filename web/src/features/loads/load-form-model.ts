import { format, texts } from '@/lib/texts'
import type { AccessorialInput, LoadInput, LoadView, RateConDraft, RateConStop, StopInput } from './api/loads-api'
import { toInputLocal, toServerLocal } from './local-time'
import { dollarsToCents, centsToDollars, isDollars } from './money'

export type StopKind = 'pickup' | 'delivery'
export type Timing = 'appointment' | 'window'

export interface StopValues {
  kind: StopKind
  facility_id: string
  timing: Timing
  /** `datetime-local` values on the facility's clock. */
  appointment: string
  window_start: string
  window_end: string
  instructions: string
  /** The facility as the rate con names it, when none of the fleet's matched: "Add this facility" opens prefilled. */
  rate_con_facility: RateConStop | null
}

export interface AccessorialValues {
  kind: string
  /** Dollars as typed. */
  amount: string
  note: string
}

/** The create form's values: money in dollars as typed, numbers as typed. */
export interface LoadFormValues {
  customer_id: string
  load_number: string
  bol_number: string
  po_number: string
  pickup_number: string
  equipment_type: string
  length_ft: string
  reefer_temp_f: string
  commodity: string
  weight_lbs: string
  pieces: string
  hazmat_class: string
  un_number: string
  notes: string
  rate_method: 'flat' | 'per_mile'
  linehaul: string
  rate_per_mile: string
  fuel_surcharge: string
  /** Hours (the API takes minutes). */
  detention_free_hours: string
  detention_rate: string
  detention_cap: string
  tonu: string
  tonu_window_hours: string
  lumper_terms: string
  accessorials: AccessorialValues[]
  stops: StopValues[]
}

export const ACCESSORIAL_KINDS = ['detention', 'layover', 'tonu', 'lumper', 'stop_off', 'tarp', 'driver_assist', 'other'] as const

export function blankStop(kind: StopKind): StopValues {
  return {
    kind,
    facility_id: '',
    timing: 'appointment',
    appointment: '',
    window_start: '',
    window_end: '',
    instructions: '',
    rate_con_facility: null,
  }
}

export function blankLoadForm(): LoadFormValues {
  return {
    customer_id: '',
    load_number: '',
    bol_number: '',
    po_number: '',
    pickup_number: '',
    equipment_type: 'van',
    length_ft: '53',
    reefer_temp_f: '',
    commodity: '',
    weight_lbs: '',
    pieces: '',
    hazmat_class: '',
    un_number: '',
    notes: '',
    rate_method: 'flat',
    linehaul: '',
    rate_per_mile: '',
    fuel_surcharge: '',
    detention_free_hours: '',
    detention_rate: '',
    detention_cap: '',
    tonu: '',
    tonu_window_hours: '',
    lumper_terms: '',
    accessorials: [],
    stops: [blankStop('pickup'), blankStop('delivery')],
  }
}

const text = (value: string | null | undefined) => value ?? ''
const num = (value: number | null | undefined) => (value === null || value === undefined ? '' : String(value))

/**
 * The form's field for a field the server names (a 422's `fields`, a rate
 * con's `from_rate_con`): money fields drop `_cents` (the form is in
 * dollars), free time is in hours, the customer's details point at its picker.
 */
export function formField(server: string): string {
  if (server === 'detention_free_minutes') return 'detention_free_hours'
  if (['customer_name', 'customer_mc', 'customer_usdot'].includes(server)) return 'customer_id'
  if (server === 'linehaul_cents') return 'linehaul'
  if (server === 'rate_per_mile_cents') return 'rate_per_mile'
  if (server === 'fuel_surcharge_cents') return 'fuel_surcharge'
  if (server.endsWith('_cents')) return server.slice(0, -'_cents'.length)
  // A stop's window or appointment errors sit on the fields the form shows.
  const stop = /^stops\.(\d+)\.time_zone$/.exec(server)
  if (stop) return `stops.${stop[1]}.facility_id`
  return server
}

/** The form prefilled from a rate con's draft, and the form fields the rate con gave. */
export function formFromDraft(result: RateConDraft): { values: LoadFormValues; fromRateCon: Set<string> } {
  const blank = blankLoadForm()
  if (!result.has_text) return { values: blank, fromRateCon: new Set() }
  const d = result.draft
  const stops: StopValues[] = d.stops.map((stop, index) => {
    const window = !stop.appointment && Boolean(stop.window_start || stop.window_end)
    return {
      kind: stop.kind === 'pickup' || stop.kind === 'delivery' ? stop.kind : index === 0 ? 'pickup' : 'delivery',
      facility_id: text(stop.facility_id),
      timing: window ? 'window' : 'appointment',
      appointment: toInputLocal(stop.appointment),
      window_start: toInputLocal(stop.window_start),
      window_end: toInputLocal(stop.window_end),
      instructions: text(stop.instructions),
      rate_con_facility: stop.facility_id ? null : stop,
    }
  })
  const values: LoadFormValues = {
    ...blank,
    customer_id: text(d.customer_id),
    load_number: text(d.load_number),
    bol_number: text(d.bol_number),
    po_number: text(d.po_number),
    pickup_number: text(d.pickup_number),
    equipment_type: d.equipment_type ?? blank.equipment_type,
    length_ft: d.length_ft === null ? blank.length_ft : num(d.length_ft),
    reefer_temp_f: num(d.reefer_temp_f),
    commodity: text(d.commodity),
    weight_lbs: num(d.weight_lbs),
    pieces: num(d.pieces),
    rate_method: d.rate_method === 'per_mile' ? 'per_mile' : 'flat',
    linehaul: centsToDollars(d.linehaul_cents),
    rate_per_mile: centsToDollars(d.rate_per_mile_cents),
    fuel_surcharge: centsToDollars(d.fuel_surcharge_cents),
    detention_free_hours: d.detention_free_minutes === null ? '' : String(d.detention_free_minutes / 60),
    detention_rate: centsToDollars(d.detention_rate_cents),
    detention_cap: centsToDollars(d.detention_cap_cents),
    tonu: centsToDollars(d.tonu_cents),
    tonu_window_hours: num(d.tonu_window_hours),
    lumper_terms: text(d.lumper_terms),
    stops: stops.length > 0 ? stops : blank.stops,
  }
  return { values, fromRateCon: new Set(result.from_rate_con.map(formField)) }
}

/** Statuses in which a load may still be edited (the server's rule: before any stop is reached). */
const EDITABLE_STATUSES: readonly string[] = ['accepted', 'planned', 'dispatched']

/** Whether the load can still be edited: booked, planned or dispatched, and no stop arrived at. */
export function isEditable(load: Pick<LoadView, 'status' | 'stops'>): boolean {
  return EDITABLE_STATUSES.includes(load.status) && load.stops.every((stop) => !stop.arrived_at)
}

/** The form filled with a load as it is, to edit it (the inverse of toLoadInput). */
export function formFromLoad(load: LoadView): LoadFormValues {
  const stops: StopValues[] = load.stops.map((stop) => {
    const window = stop.local_end !== null && stop.local_end !== undefined
    return {
      kind: stop.kind === 'delivery' ? 'delivery' : 'pickup',
      facility_id: stop.facility.id,
      timing: window ? 'window' : 'appointment',
      appointment: window ? '' : toInputLocal(stop.local_start),
      window_start: window ? toInputLocal(stop.local_start) : '',
      window_end: window ? toInputLocal(stop.local_end) : '',
      instructions: text(stop.instructions),
      rate_con_facility: null,
    }
  })
  const perMile = load.rate_method === 'per_mile'
  return {
    customer_id: load.customer.id,
    load_number: load.load_number,
    bol_number: text(load.bol_number),
    po_number: text(load.po_number),
    pickup_number: text(load.pickup_number),
    equipment_type: load.equipment_type,
    length_ft: num(load.length_ft),
    reefer_temp_f: num(load.reefer_temp_f),
    commodity: text(load.commodity),
    weight_lbs: num(load.weight_lbs),
    pieces: num(load.pieces),
    hazmat_class: text(load.hazmat_class),
    un_number: text(load.un_number),
    notes: text(load.notes),
    rate_method: perMile ? 'per_mile' : 'flat',
    linehaul: perMile ? '' : centsToDollars(load.linehaul_cents),
    rate_per_mile: centsToDollars(load.rate_per_mile_cents),
    fuel_surcharge: load.fuel_surcharge_cents === 0 ? '' : centsToDollars(load.fuel_surcharge_cents),
    detention_free_hours: load.detention_free_minutes === null ? '' : String(load.detention_free_minutes / 60),
    detention_rate: centsToDollars(load.detention_rate_cents),
    detention_cap: centsToDollars(load.detention_cap_cents),
    tonu: centsToDollars(load.tonu_cents),
    tonu_window_hours: num(load.tonu_window_hours),
    lumper_terms: text(load.lumper_terms),
    accessorials: load.accessorials.map((line) => ({
      kind: line.kind,
      amount: centsToDollars(line.amount_cents),
      note: text(line.note),
    })),
    stops,
  }
}

/** "The rate confirmation leaves out: detention, TONU, lumper terms", or null when it states them all. */
export function missingTermsText(missing: readonly string[]): string | null {
  if (missing.length === 0) return null
  const names: Record<string, string> = texts.loads.screens.form.missingTermNames
  return format(texts.loads.screens.form.missingTerms, { terms: missing.map((term) => names[term] ?? term).join(', ') })
}

const WHOLE = /^-?\d+$/
const wholeOrNull = (value: string) => (value.trim() === '' ? null : Number(value.trim()))

/** What the form checks before sending (the server checks the rest and names its fields in a 422). */
export function validateLoadForm(values: LoadFormValues): Record<string, string> {
  const f = texts.loads.screens.form
  const errors: Record<string, string> = {}
  if (!values.customer_id) errors.customer_id = f.customerRequired
  if (!values.load_number.trim()) errors.load_number = texts.loads.loadNumberRequired
  for (const key of ['length_ft', 'reefer_temp_f', 'weight_lbs', 'pieces', 'tonu_window_hours'] as const) {
    if (values[key].trim() !== '' && !WHOLE.test(values[key].trim())) errors[key] = f.wholeNumber
  }
  if (values.detention_free_hours.trim() !== '' && !/^\d+(\.\d+)?$/.test(values.detention_free_hours.trim())) {
    errors.detention_free_hours = f.wholeNumber
  }
  for (const key of ['linehaul', 'rate_per_mile', 'fuel_surcharge', 'detention_rate', 'detention_cap', 'tonu'] as const) {
    if (!isDollars(values[key])) errors[key] = f.amountInvalid
  }
  if (values.rate_method === 'per_mile' && values.rate_per_mile.trim() === '') errors.rate_per_mile = texts.loads.rateRequired
  values.accessorials.forEach((line, index) => {
    if (line.amount.trim() === '' || !isDollars(line.amount)) errors[`accessorials.${index}.amount`] = f.amountInvalid
  })
  values.stops.forEach((stop, index) => {
    if (!stop.facility_id) errors[`stops.${index}.facility_id`] = f.required
    if (stop.timing === 'appointment') {
      if (!toServerLocal(stop.appointment)) errors[`stops.${index}.appointment`] = texts.loads.stopTimeRequired
    } else {
      if (!toServerLocal(stop.window_start)) errors[`stops.${index}.window_start`] = texts.loads.stopTimeRequired
      if (!toServerLocal(stop.window_end)) errors[`stops.${index}.window_end`] = texts.loads.stopTimeRequired
    }
  })
  const kinds = values.stops.map((stop) => stop.kind)
  if (kinds.length < 2 || kinds[0] !== 'pickup' || kinds[kinds.length - 1] !== 'delivery') {
    errors.stops = texts.loads.stopsShape
  }
  return errors
}

const optionalText = (value: string) => (value.trim() === '' ? null : value.trim())

/** The LoadInput of valid form values (validateLoadForm found nothing): dollars to cents, hours to minutes. */
export function toLoadInput(values: LoadFormValues, rateConUploadId?: string | null): LoadInput {
  const reefer = values.equipment_type === 'reefer'
  const stops: StopInput[] = values.stops.map((stop) => ({
    kind: stop.kind,
    facility_id: stop.facility_id,
    appointment: stop.timing === 'appointment' ? toServerLocal(stop.appointment) : null,
    window_start: stop.timing === 'window' ? toServerLocal(stop.window_start) : null,
    window_end: stop.timing === 'window' ? toServerLocal(stop.window_end) : null,
    instructions: optionalText(stop.instructions),
  }))
  const accessorials: AccessorialInput[] = values.accessorials.map((line) => ({
    kind: line.kind,
    amount_cents: dollarsToCents(line.amount) ?? 0,
    note: optionalText(line.note),
  }))
  const freeHours = values.detention_free_hours.trim()
  const input: LoadInput = {
    customer_id: values.customer_id,
    load_number: values.load_number.trim(),
    bol_number: optionalText(values.bol_number),
    po_number: optionalText(values.po_number),
    pickup_number: optionalText(values.pickup_number),
    equipment_type: values.equipment_type,
    length_ft: wholeOrNull(values.length_ft),
    reefer_temp_f: reefer ? wholeOrNull(values.reefer_temp_f) : null,
    commodity: optionalText(values.commodity),
    weight_lbs: wholeOrNull(values.weight_lbs),
    pieces: wholeOrNull(values.pieces),
    hazmat_class: optionalText(values.hazmat_class),
    un_number: optionalText(values.un_number),
    notes: optionalText(values.notes),
    rate_method: values.rate_method,
    linehaul_cents: values.rate_method === 'flat' ? (dollarsToCents(values.linehaul) ?? 0) : 0,
    rate_per_mile_cents: values.rate_method === 'per_mile' ? dollarsToCents(values.rate_per_mile) : null,
    fuel_surcharge_cents: dollarsToCents(values.fuel_surcharge) ?? 0,
    detention_free_minutes: freeHours === '' ? null : Math.round(Number(freeHours) * 60),
    detention_rate_cents: dollarsToCents(values.detention_rate),
    detention_cap_cents: dollarsToCents(values.detention_cap),
    tonu_cents: dollarsToCents(values.tonu),
    tonu_window_hours: wholeOrNull(values.tonu_window_hours),
    stops,
    accessorials,
  }
  if (rateConUploadId) input.rate_con_upload_id = rateConUploadId
  const lumper = optionalText(values.lumper_terms)
  if (lumper || rateConUploadId) input.lumper_terms = lumper
  return input
}
