import { describe, expect, it } from 'vitest'
import texts from '@contracts/texts.json'
import type { Posting } from './api/types'
import {
  centsToDollars,
  daysBetween,
  dollarsToCents,
  formField,
  newPostingValues,
  parseWholeNumber,
  postingProblems,
  postingSchema,
  postingValues,
  toPostingInput,
  type PostingValues,
} from './posting-form'

const b = texts.board
const f = texts.board.postForm
const today = '2026-11-24'

const valid = (overrides: Partial<PostingValues> = {}): PostingValues => ({
  vehicle_id: 'truck-1',
  location_source: 'typed',
  origin: 'Chicago, IL',
  available_from: '2026-11-24',
  available_to: '2026-11-27',
  equipment_type: 'van',
  length_ft: '53',
  weight_lbs: '45,000',
  destinations: ['TX', 'OK'],
  rate: '2.50',
  notes: '  Team drivers  ',
  ...overrides,
})

const posting = (overrides: Partial<Posting> = {}): Posting => ({
  id: 'posting-1',
  vehicle_id: 'truck-1',
  truck_number: 'Unit 101',
  status: 'active',
  origin: { label: 'Chicago, IL', city: 'Chicago', state: 'IL', zip: null, lat: 41.88, lon: -87.63 },
  location_source: 'typed',
  location_updated_at: null,
  available_from: '2026-11-24',
  available_to: '2026-11-27',
  equipment_type: 'reefer',
  length_ft: 53,
  weight_lbs: 44000,
  destinations: ['TX'],
  rate_per_mile_cents: 305,
  notes: null,
  posted_at: '2026-11-24T08:00:00Z',
  updated_at: '2026-11-24T08:00:00Z',
  ...overrides,
})

describe('dollars and cents', () => {
  it('turns the typed rate into whole cents without floating-point error', () => {
    expect(dollarsToCents('2.50')).toBe(250)
    expect(dollarsToCents('2.5')).toBe(250)
    expect(dollarsToCents('$2.05')).toBe(205)
    expect(dollarsToCents('0.29')).toBe(29)
    expect(dollarsToCents('1.15')).toBe(115)
    expect(dollarsToCents('4.35')).toBe(435)
    expect(dollarsToCents('.75')).toBe(75)
    expect(dollarsToCents('3')).toBe(300)
    expect(dollarsToCents('3.')).toBe(300)
    expect(dollarsToCents(' 2.10 ')).toBe(210)
  })

  it('refuses what is no amount of dollars and cents', () => {
    for (const text of ['', '.', '2.555', '-1', 'abc', '2,50', '1e2', '$']) expect(dollarsToCents(text)).toBeNull()
  })

  it('writes cents back as dollars for the edit form', () => {
    expect(centsToDollars(250)).toBe('2.50')
    expect(centsToDollars(205)).toBe('2.05')
    expect(centsToDollars(300)).toBe('3.00')
    expect(centsToDollars(7)).toBe('0.07')
    for (const cents of [1, 29, 115, 250, 999, 12345]) expect(dollarsToCents(centsToDollars(cents))).toBe(cents)
  })

  it('reads whole numbers with thousands separators', () => {
    expect(parseWholeNumber('45,000')).toBe(45000)
    expect(parseWholeNumber('53')).toBe(53)
    for (const text of ['53.5', '4,50', '-3', 'ten', '']) expect(parseWholeNumber(text)).toBeNull()
  })
})

describe('the posting rules', () => {
  it('takes a complete posting', () => {
    expect(postingProblems(valid(), today)).toEqual({})
    expect(postingProblems(valid({ location_source: 'eld', origin: '' }), today)).toEqual({})
    expect(postingProblems(valid({ length_ft: '', weight_lbs: '', rate: '', destinations: [] }), today)).toEqual({})
  })

  it('needs a truck, and a place when the location is typed', () => {
    expect(postingProblems(valid({ vehicle_id: '' }), today)).toEqual({ vehicle_id: f.truckRequired })
    expect(postingProblems(valid({ origin: '   ' }), today)).toEqual({ origin: b.originRequired })
  })

  it('keeps the window in order, at most 30 days long and not over', () => {
    expect(postingProblems(valid({ available_to: '2026-11-23', available_from: '2026-11-25' }), today)).toEqual({
      available_to: b.windowInvalid,
    })
    // 30 days, the first and the last included (the server's boundary).
    expect(postingProblems(valid({ available_to: '2026-12-23' }), today)).toEqual({})
    expect(postingProblems(valid({ available_to: '2026-12-24' }), today)).toEqual({ available_to: b.windowTooLong })
    // In the server's order: a reversed window before a past one.
    expect(postingProblems(valid({ available_from: '2026-11-22', available_to: '2026-11-21' }), today)).toEqual({
      available_to: b.windowInvalid,
    })
    expect(postingProblems(valid({ available_from: '2026-11-20', available_to: '2026-11-23' }), today)).toEqual({
      available_to: b.windowPast,
    })
    // An edited posting that began before today is still open.
    expect(postingProblems(valid({ available_from: '2026-11-20', available_to: '2026-11-24' }), today)).toEqual({})
    expect(postingProblems(valid({ available_from: '', available_to: '2026-02-30' }), today)).toEqual({
      available_from: f.dateRequired,
      available_to: f.dateRequired,
    })
  })

  it('needs a known equipment type, whole positive numbers and a rate in dollars', () => {
    expect(postingProblems(valid({ equipment_type: '' }), today)).toEqual({ equipment_type: b.equipmentInvalid })
    expect(postingProblems(valid({ equipment_type: 'spaceship' }), today)).toEqual({ equipment_type: b.equipmentInvalid })
    expect(postingProblems(valid({ length_ft: 'ten', weight_lbs: '4.5', rate: '2.555' }), today)).toEqual({
      length_ft: f.lengthInvalid,
      weight_lbs: f.weightInvalid,
      rate: f.rateInvalid,
    })
    expect(postingProblems(valid({ rate: '0' }), today)).toEqual({ rate: 'Enter a number from 0.01 to 1000.00' })
    expect(postingProblems(valid({ rate: '1000.01' }), today)).toEqual({ rate: 'Enter a number from 0.01 to 1000.00' })
    expect(postingProblems(valid({ rate: '1000' }), today)).toEqual({})
    expect(postingProblems(valid({ length_ft: '151', weight_lbs: '200,001' }), today)).toEqual({
      length_ft: 'Enter a number from 1 to 150',
      weight_lbs: 'Enter a number from 1 to 200000',
    })
    expect(postingProblems(valid({ length_ft: '150', weight_lbs: '200,000' }), today)).toEqual({})
    expect(postingProblems(valid({ notes: 'é'.repeat(1000) }), today)).toEqual({})
    expect(postingProblems(valid({ notes: '🚚'.repeat(1001) }), today)).toEqual({ notes: 'At most 1000 characters' })
    expect(postingProblems(valid({ destinations: ['TX', 'XX'] }), today)).toEqual({ destinations: b.destinationsInvalid })
  })

  it('reports every problem through the schema, one message per field', () => {
    const result = postingSchema(() => today).safeParse(valid({ vehicle_id: '', origin: '', equipment_type: '' }))
    expect(result.success).toBe(false)
    const issues = result.error!.issues.map((issue) => [issue.path.join('.'), issue.message])
    expect(issues).toEqual([
      ['vehicle_id', f.truckRequired],
      ['origin', b.originRequired],
      ['equipment_type', b.equipmentInvalid],
    ])
  })

  it('counts days across a change of month and daylight saving time', () => {
    expect(daysBetween('2026-10-31', '2026-11-02')).toBe(2)
    expect(daysBetween('2026-03-07', '2026-03-09')).toBe(2)
    expect(daysBetween('2026-11-24', '2026-11-24')).toBe(0)
  })
})

describe('the request body', () => {
  it('sends numbers, the rate in cents, trimmed text and no origin for the ELD position', () => {
    expect(toPostingInput(valid())).toEqual({
      vehicle_id: 'truck-1',
      location_source: 'typed',
      origin: 'Chicago, IL',
      available_from: '2026-11-24',
      available_to: '2026-11-27',
      equipment_type: 'van',
      length_ft: 53,
      weight_lbs: 45000,
      destinations: ['TX', 'OK'],
      rate_per_mile_cents: 250,
      notes: 'Team drivers',
    })
    expect(
      toPostingInput(valid({ location_source: 'eld', origin: 'Chicago, IL', length_ft: '', weight_lbs: ' ', rate: '', notes: '', destinations: [] })),
    ).toMatchObject({
      location_source: 'eld',
      origin: null,
      length_ft: null,
      weight_lbs: null,
      rate_per_mile_cents: null,
      notes: null,
      destinations: [],
    })
  })

  it('starts a new posting today for three days, typed and open', () => {
    const values = newPostingValues({ id: 'truck-9', name: 'Unit 909' }, new Date(2026, 10, 29, 23, 30))
    expect(values).toMatchObject({
      vehicle_id: 'truck-9',
      location_source: 'typed',
      available_from: '2026-11-29',
      available_to: '2026-12-02',
      destinations: [],
      equipment_type: '',
    })
    expect(newPostingValues(null).vehicle_id).toBe('')
  })

  it('fills the edit form from a posting, the origin as text the server resolves again', () => {
    expect(postingValues(posting())).toEqual({
      vehicle_id: 'truck-1',
      location_source: 'typed',
      origin: 'Chicago, IL',
      available_from: '2026-11-24',
      available_to: '2026-11-27',
      equipment_type: 'reefer',
      length_ft: '53',
      weight_lbs: '44000',
      destinations: ['TX'],
      rate: '3.05',
      notes: '',
    })
    const zip = posting({ origin: { label: '60601 — Chicago, IL', city: 'Chicago', state: 'IL', zip: '60601', lat: 0, lon: 0 } })
    expect(postingValues(zip).origin).toBe('60601')
    expect(postingValues(posting({ location_source: 'eld', rate_per_mile_cents: null })).origin).toBe('')
    expect(toPostingInput(postingValues(posting()))).toMatchObject({ rate_per_mile_cents: 305, weight_lbs: 44000 })
  })

  it("names the dialog's field for each field of the server's 422", () => {
    expect(formField('rate_per_mile_cents')).toBe('rate')
    expect(formField('origin')).toBe('origin')
    expect(formField('vehicle_id')).toBe('vehicle_id')
    expect(formField('something_else')).toBeNull()
  })
})
