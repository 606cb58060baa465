import { addDays, format as formatDate } from 'date-fns'
import * as z from 'zod/mini'
import { placeText } from '@/lib/places'
import { format, texts } from '@/lib/texts'
import { isUsStateCode } from '@/lib/us-states'
import type { LocationSource, Posting, PostingInput, TruckChoice } from './api/types'

const b = texts.board
const f = texts.board.postForm

// The server's limits (crates/domain/src/board.rs).
/** A window spans at most 30 days, its first and last included: `to` is at most 29 days after `from`. */
export const MAX_WINDOW_DAYS = 30
export const MAX_LENGTH_FT = 150
export const MAX_WEIGHT_LBS = 200_000
export const MAX_RATE_CENTS = 100_000
export const MAX_NOTES = 1000
/** A new posting is open from today for this many days. */
export const DEFAULT_WINDOW_DAYS = 3

export type EquipmentType = keyof typeof texts.board.equipment
export const EQUIPMENT_TYPES = Object.keys(b.equipment) as EquipmentType[]

export function isEquipmentType(value: string): value is EquipmentType {
  return Object.hasOwn(b.equipment, value)
}

/** 'van' → 'Dry Van'; an unknown value as it is. */
export function equipmentLabel(value: string): string {
  return isEquipmentType(value) ? b.equipment[value] : value
}

/** The dialog's fields as the inputs hold them: text, and the chosen states. */
export interface PostingValues {
  vehicle_id: string
  location_source: LocationSource
  origin: string
  available_from: string
  available_to: string
  equipment_type: string
  length_ft: string
  weight_lbs: string
  destinations: string[]
  /** Dollars per mile as typed ('2.50'); sent as `rate_per_mile_cents`. */
  rate: string
  notes: string
}

export type PostingField = keyof PostingValues

/** A server field name (PostingInput's) as the dialog's field that shows its message. */
export function formField(serverField: string): PostingField | null {
  if (serverField === 'rate_per_mile_cents') return 'rate'
  const fields: readonly string[] = [
    'vehicle_id',
    'location_source',
    'origin',
    'available_from',
    'available_to',
    'equipment_type',
    'length_ft',
    'weight_lbs',
    'destinations',
    'notes',
  ]
  return fields.includes(serverField) ? (serverField as PostingField) : null
}

// ---- Numbers ---------------------------------------------------------------

const DOLLARS = /^\$?\s*(\d{1,6})?(?:\.(\d{0,2}))?$/

/**
 * Dollars as typed → whole cents, without floating point: '2.5' → 250,
 * '$2.05' → 205, '.75' → 75. Null for anything else (three decimals, a sign,
 * letters) and for an empty text.
 */
export function dollarsToCents(text: string): number | null {
  const match = DOLLARS.exec(text.trim())
  if (!match || (match[1] === undefined && !match[2])) return null
  const whole = Number(match[1] ?? '0')
  const cents = Number((match[2] ?? '0').padEnd(2, '0'))
  return whole * 100 + cents
}

/** 250 → '2.50': the rate field's text for a saved posting. */
export function centsToDollars(cents: number): string {
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`
}

/** A whole number as typed, thousands separators allowed: '45,000' → 45000. Null for anything else. */
export function parseWholeNumber(text: string): number | null {
  const plain = text.trim().replace(/,(?=\d{3}(\D|$))/g, '')
  if (!/^\d{1,9}$/.test(plain)) return null
  return Number(plain)
}

// ---- Dates -----------------------------------------------------------------

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/

/** 'YYYY-MM-DD' of the browser's day. */
export function isoDay(date: Date): string {
  return formatDate(date, 'yyyy-MM-dd')
}

function utcDay(iso: string): number | null {
  if (!ISO_DATE.test(iso)) return null
  const [year, month, day] = iso.split('-').map(Number)
  const time = Date.UTC(year, month - 1, day)
  const check = new Date(time)
  // '2026-02-30' is no day.
  return check.getUTCDate() === day && check.getUTCMonth() === month - 1 ? time : null
}

/** Days from `from` to `to` (0 for the same day); null when either is no date. */
export function daysBetween(from: string, to: string): number | null {
  const start = utcDay(from)
  const end = utcDay(to)
  return start === null || end === null ? null : Math.round((end - start) / 86_400_000)
}

// ---- The form --------------------------------------------------------------

/** A new posting: today and the next three days, located by a typed place, open to any state. */
export function newPostingValues(truck?: TruckChoice | null, now: Date = new Date()): PostingValues {
  return {
    vehicle_id: truck?.id ?? '',
    location_source: 'typed',
    origin: '',
    available_from: isoDay(now),
    available_to: isoDay(addDays(now, DEFAULT_WINDOW_DAYS)),
    equipment_type: '',
    length_ft: '',
    weight_lbs: '',
    destinations: [],
    rate: '',
    notes: '',
  }
}

/** A saved posting as the edit dialog's fields. */
export function postingValues(posting: Posting): PostingValues {
  return {
    vehicle_id: posting.vehicle_id,
    location_source: posting.location_source,
    // The text the server resolves again: the ZIP, or 'City, ST'.
    origin: posting.location_source === 'typed' ? placeText(posting.origin) : '',
    available_from: posting.available_from,
    available_to: posting.available_to,
    equipment_type: posting.equipment_type,
    length_ft: posting.length_ft === null ? '' : String(posting.length_ft),
    weight_lbs: posting.weight_lbs === null ? '' : String(posting.weight_lbs),
    destinations: [...posting.destinations],
    rate: posting.rate_per_mile_cents === null ? '' : centsToDollars(posting.rate_per_mile_cents),
    notes: posting.notes ?? '',
  }
}

/**
 * The server's rules for a posting (issue 15), in its order, for instant
 * feedback: a truck; a place when the location is typed; both dates, the end
 * neither before the start, nor past, nor 30 days or more after it; an
 * equipment type; states; whole numbers and a rate in dollars and cents within
 * the server's ranges; notes of at most 1,000 characters. The first message
 * per field. `today` is the browser's day; an edited posting may have started
 * before it.
 */
export function postingProblems(values: PostingValues, today: string): Partial<Record<PostingField, string>> {
  const problems: Partial<Record<PostingField, string>> = {}
  const add = (field: PostingField, message: string) => {
    problems[field] ??= message
  }
  const outOfRange = (min: number | string, max: number | string) => format(b.numberInvalid, { min, max })

  if (!values.vehicle_id) add('vehicle_id', f.truckRequired)
  if (values.location_source === 'typed' && values.origin.trim() === '') add('origin', b.originRequired)

  const fromValid = utcDay(values.available_from) !== null
  const toValid = utcDay(values.available_to) !== null
  if (!fromValid) add('available_from', f.dateRequired)
  if (!toValid) add('available_to', f.dateRequired)
  if (fromValid && toValid) {
    const days = daysBetween(values.available_from, values.available_to)!
    if (days < 0) add('available_to', b.windowInvalid)
    else if ((daysBetween(today, values.available_to) ?? 0) < 0) add('available_to', b.windowPast)
    else if (days >= MAX_WINDOW_DAYS) add('available_to', b.windowTooLong)
  } else if (toValid && (daysBetween(today, values.available_to) ?? 0) < 0) {
    add('available_to', b.windowPast)
  }

  if (!isEquipmentType(values.equipment_type)) add('equipment_type', b.equipmentInvalid)
  if (!values.destinations.every(isUsStateCode)) add('destinations', b.destinationsInvalid)

  const whole = (field: 'length_ft' | 'weight_lbs', invalid: string, max: number) => {
    const text = values[field].trim()
    if (text === '') return
    const value = parseWholeNumber(text)
    if (value === null) add(field, invalid)
    else if (value < 1 || value > max) add(field, outOfRange(1, max))
  }
  whole('length_ft', f.lengthInvalid, MAX_LENGTH_FT)
  whole('weight_lbs', f.weightInvalid, MAX_WEIGHT_LBS)
  const rate = values.rate.trim()
  if (rate !== '') {
    const cents = dollarsToCents(rate)
    if (cents === null) add('rate', f.rateInvalid)
    else if (cents < 1 || cents > MAX_RATE_CENTS) add('rate', outOfRange('0.01', centsToDollars(MAX_RATE_CENTS)))
  }

  // Characters as the server counts them (code points), not UTF-16 units.
  if ([...values.notes.trim()].length > MAX_NOTES) add('notes', format(b.notesTooLong, { max: MAX_NOTES }))
  return problems
}

const CHECKED_FIELDS: readonly PostingField[] = [
  'vehicle_id',
  'origin',
  'available_from',
  'available_to',
  'equipment_type',
  'destinations',
  'length_ft',
  'weight_lbs',
  'rate',
  'notes',
]

/**
 * The dialog's schema (for react-hook-form): every rule of `postingProblems`,
 * against the day it runs, as one refinement per field. (Not superRefine:
 * each zod function used anywhere lands in the chunk the signup pages share,
 * and refine is there already.)
 */
export function postingSchema(today: () => string = () => isoDay(new Date())) {
  const problem = (values: PostingValues, field: PostingField) => postingProblems(values, today())[field]
  return z
    .object({
      vehicle_id: z.string(),
      // z.custom, not z.enum and z.array: it is what refine is made of, so it
      // adds nothing to the zod code the signup pages load.
      location_source: z.custom<LocationSource>((value) => value === 'typed' || value === 'eld'),
      origin: z.string(),
      available_from: z.string(),
      available_to: z.string(),
      equipment_type: z.string(),
      length_ft: z.string(),
      weight_lbs: z.string(),
      destinations: z.custom<string[]>((value) => Array.isArray(value)),
      rate: z.string(),
      notes: z.string(),
    })
    .check(
      ...CHECKED_FIELDS.map((field) =>
        z.refine<PostingValues>((values) => problem(values, field) === undefined, {
          path: [field],
          error: (issue) => problem(issue.input as PostingValues, field),
        }),
      ),
    )
}

const blankToNull = (text: string) => (text.trim() === '' ? null : text.trim())

/** The request body of valid fields: numbers parsed, the rate in cents, blanks as null, no origin for the ELD's. */
export function toPostingInput(values: PostingValues): PostingInput {
  const length = blankToNull(values.length_ft)
  const weight = blankToNull(values.weight_lbs)
  const rate = blankToNull(values.rate)
  return {
    vehicle_id: values.vehicle_id,
    location_source: values.location_source,
    origin: values.location_source === 'typed' ? values.origin.trim() : null,
    available_from: values.available_from,
    available_to: values.available_to,
    equipment_type: values.equipment_type,
    length_ft: length === null ? null : parseWholeNumber(length),
    weight_lbs: weight === null ? null : parseWholeNumber(weight),
    destinations: [...values.destinations],
    rate_per_mile_cents: rate === null ? null : dollarsToCents(rate),
    notes: blankToNull(values.notes),
  }
}
