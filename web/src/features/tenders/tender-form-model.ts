import { dollarsToCents } from '@/lib/dollars'
import { texts } from '@/lib/texts'
import type { AccessorialInput, CounterInput, StopInput, TenderInput, TermsInput, TermsView } from './api/types'

/** A stop as the form holds it: its times are `datetime-local` values on the facility's clock. */
export interface StopValues {
  kind: 'pickup' | 'delivery'
  facility_id: string
  timing: 'appointment' | 'window'
  start: string
  end: string
  instructions: string
}

export interface AccessorialValues {
  kind: string
  amount: string
  note: string
}

/** The money and terms as typed: dollars and hours. */
export interface TermsValues {
  linehaul: string
  fuel: string
  accessorials: AccessorialValues[]
  detention_free_hours: string
  detention_rate: string
  detention_cap: string
  tonu: string
  tonu_window_hours: string
  lumper_terms: string
}

export interface TenderFormValues extends TermsValues {
  load_number: string
  po_number: string
  pickup_number: string
  equipment_type: string
  length_ft: string
  reefer_temp_f: string
  commodity: string
  weight_lbs: string
  stops: StopValues[]
  payment_terms_days: string
  notes: string
  expires_in_minutes: string
  share_position: boolean
}

export const DEFAULT_EXPIRY_MINUTES = 120
export const DEFAULT_PAYMENT_DAYS = 30

export const blankStop = (kind: StopValues['kind']): StopValues => ({
  kind,
  facility_id: '',
  timing: 'appointment',
  start: '',
  end: '',
  instructions: '',
})

export const blankTerms = (): TermsValues => ({
  linehaul: '',
  fuel: '',
  accessorials: [],
  detention_free_hours: '',
  detention_rate: '',
  detention_cap: '',
  tonu: '',
  tonu_window_hours: '',
  lumper_terms: '',
})

export function defaultTenderValues(equipment = 'van', lengthFt: number | null = null): TenderFormValues {
  return {
    ...blankTerms(),
    load_number: '',
    po_number: '',
    pickup_number: '',
    equipment_type: equipment,
    length_ft: lengthFt === null ? '' : String(lengthFt),
    reefer_temp_f: '',
    commodity: '',
    weight_lbs: '',
    stops: [blankStop('pickup'), blankStop('delivery')],
    payment_terms_days: String(DEFAULT_PAYMENT_DAYS),
    notes: '',
    expires_in_minutes: String(DEFAULT_EXPIRY_MINUTES),
    share_position: true,
  }
}

/** Field path → message, the form's names (`stops.0.start`, `linehaul`). */
export type FieldErrors = Record<string, string>

export type Parsed<T> = { ok: true; input: T } | { ok: false; errors: FieldErrors }

const f = texts.loads.screens.form
const t = texts.tenderScreens.form

const text = (value: string): string | null => (value.trim() === '' ? null : value.trim())

/** Reads typed fields, collecting each field's message. */
class Reader {
  readonly errors: FieldErrors = {}

  cents(name: string, value: string, required = false): number | null {
    const cents = dollarsToCents(value)
    if (cents === null) {
      if (required) this.errors[name] = f.required
      return null
    }
    if (Number.isNaN(cents)) {
      this.errors[name] = f.amountInvalid
      return null
    }
    return cents
  }

  whole(name: string, value: string, signed = false): number | null {
    const trimmed = value.trim()
    if (trimmed === '') return null
    if (!(signed ? /^-?\d+$/ : /^\d+$/).test(trimmed)) {
      this.errors[name] = f.wholeNumber
      return null
    }
    return Number(trimmed)
  }

  /** Hours, with up to two decimals, as whole minutes. */
  minutes(name: string, value: string): number | null {
    const trimmed = value.trim()
    if (trimmed === '') return null
    if (!/^\d+(\.\d{1,2})?$/.test(trimmed)) {
      this.errors[name] = t.minutesInvalid
      return null
    }
    return Math.round(Number(trimmed) * 60)
  }

  terms(values: TermsValues): TermsInput {
    const accessorials: AccessorialInput[] = []
    values.accessorials.forEach((line, index) => {
      const amount = this.cents(`accessorials.${index}.amount`, line.amount, true)
      if (amount !== null) accessorials.push({ kind: line.kind, amount_cents: amount, note: text(line.note) })
    })
    return {
      linehaul_cents: this.cents('linehaul', values.linehaul, true) ?? 0,
      fuel_surcharge_cents: this.cents('fuel', values.fuel) ?? 0,
      accessorials,
      detention_free_minutes: this.minutes('detention_free_hours', values.detention_free_hours),
      detention_rate_cents: this.cents('detention_rate', values.detention_rate),
      detention_cap_cents: this.cents('detention_cap', values.detention_cap),
      tonu_cents: this.cents('tonu', values.tonu),
      tonu_window_hours: this.whole('tonu_window_hours', values.tonu_window_hours),
      lumper_terms: text(values.lumper_terms),
    }
  }

  result<T>(input: T): Parsed<T> {
    return Object.keys(this.errors).length === 0 ? { ok: true, input } : { ok: false, errors: this.errors }
  }
}

/** A `datetime-local` value as the server's facility time ("2026-03-02T08:00:00"); null when not one. */
export function toServerLocal(value: string): string | null {
  const trimmed = value.trim()
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(trimmed)) return null
  return trimmed.length === 16 ? `${trimmed}:00` : trimmed
}

function stopInput(reader: Reader, stop: StopValues, index: number): StopInput {
  const at = `stops.${index}`
  if (!stop.facility_id) reader.errors[`${at}.facility_id`] = t.chooseFacility
  const start = toServerLocal(stop.start)
  if (!start) reader.errors[`${at}.start`] = t.timeRequired
  if (stop.timing === 'appointment') {
    return { kind: stop.kind, facility_id: stop.facility_id, appointment: start, instructions: text(stop.instructions) }
  }
  const end = toServerLocal(stop.end)
  if (!end) reader.errors[`${at}.end`] = t.timeRequired
  return {
    kind: stop.kind,
    facility_id: stop.facility_id,
    window_start: start,
    window_end: end,
    instructions: text(stop.instructions),
  }
}

/** The tender form as POST /api/broker/tenders takes it: dollars to cents, hours to minutes. */
export function tenderInputOf(postingId: string, values: TenderFormValues): Parsed<TenderInput> {
  const reader = new Reader()
  if (!text(values.load_number)) reader.errors.load_number = f.required
  const stops = values.stops.map((stop, index) => stopInput(reader, stop, index))
  if (stops.length < 2 || values.stops[0].kind !== 'pickup' || values.stops[values.stops.length - 1].kind !== 'delivery')
    reader.errors.stops = t.needStops
  const terms = reader.terms(values)
  return reader.result<TenderInput>({
    posting_id: postingId,
    load_number: values.load_number.trim(),
    po_number: text(values.po_number),
    pickup_number: text(values.pickup_number),
    equipment_type: values.equipment_type,
    length_ft: reader.whole('length_ft', values.length_ft),
    reefer_temp_f: values.equipment_type === 'reefer' ? reader.whole('reefer_temp_f', values.reefer_temp_f, true) : null,
    commodity: text(values.commodity),
    weight_lbs: reader.whole('weight_lbs', values.weight_lbs),
    stops,
    ...terms,
    payment_terms_days: reader.whole('payment_terms_days', values.payment_terms_days) ?? DEFAULT_PAYMENT_DAYS,
    notes: text(values.notes),
    expires_in_minutes: Number(values.expires_in_minutes) || DEFAULT_EXPIRY_MINUTES,
    share_position: values.share_position,
  })
}

export interface CounterValues {
  linehaul: string
  fuel: string
  note: string
}

/** A counter-offer: new linehaul and fuel on the tender's other terms. */
export function counterInputOf(terms: TermsView, values: CounterValues): Parsed<CounterInput> {
  const reader = new Reader()
  const linehaul = reader.cents('linehaul', values.linehaul, true) ?? 0
  const fuel = reader.cents('fuel', values.fuel) ?? 0
  return reader.result<CounterInput>({
    linehaul_cents: linehaul,
    fuel_surcharge_cents: fuel,
    accessorials: terms.accessorials.map((line) => ({ kind: line.kind, amount_cents: line.amount_cents, note: line.note })),
    detention_free_minutes: terms.detention_free_minutes,
    detention_rate_cents: terms.detention_rate_cents,
    detention_cap_cents: terms.detention_cap_cents,
    tonu_cents: terms.tonu_cents,
    tonu_window_hours: terms.tonu_window_hours,
    lumper_terms: terms.lumper_terms,
    note: text(values.note),
  })
}

/** The sum the form shows as it is typed: linehaul, fuel and lines; null while any is not an amount. */
export function typedTotalCents(values: Pick<TermsValues, 'linehaul' | 'fuel' | 'accessorials'>): number | null {
  let total = 0
  for (const amount of [values.linehaul, values.fuel, ...values.accessorials.map((line) => line.amount)]) {
    const cents = dollarsToCents(amount ?? '')
    if (cents === null) continue
    if (Number.isNaN(cents)) return null
    total += cents
  }
  return total
}

const SERVER_FIELD: Record<string, string> = {
  linehaul_cents: 'linehaul',
  fuel_surcharge_cents: 'fuel',
  detention_free_minutes: 'detention_free_hours',
  detention_rate_cents: 'detention_rate',
  detention_cap_cents: 'detention_cap',
  tonu_cents: 'tonu',
}

/** A 422's field name as the form's (`stops.1.window_end` → `stops.1.end`); null for one the form lacks. */
export function formFieldOf(server: string, values: TenderFormValues): string | null {
  if (SERVER_FIELD[server]) return SERVER_FIELD[server]
  const stop = /^stops\.(\d+)\.(\w+)$/.exec(server)
  if (stop) {
    const [, index, name] = stop
    if (name === 'appointment' || name === 'window_start' || name === 'local_start') return `stops.${index}.start`
    if (name === 'window_end' || name === 'local_end') return `stops.${index}.end`
    if (name === 'facility_id' || name === 'time_zone') return `stops.${index}.facility_id`
    return name === 'instructions' ? server : `stops.${index}.start`
  }
  const line = /^accessorials\.(\d+)\.(\w+)$/.exec(server)
  if (line) return line[2] === 'note' ? server : `accessorials.${line[1]}.amount`
  return server in values && server !== 'stops' && server !== 'accessorials' ? server : null
}
