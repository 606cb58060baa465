import { describe, expect, it } from 'vitest'
import texts from '@contracts/texts.json'
import type { LoadView, RateConDraft, StopView } from './api/loads-api'
import {
  blankLoadForm,
  formField,
  formFromDraft,
  formFromLoad,
  isEditable,
  missingTermsText,
  toLoadInput,
  validateLoadForm,
  type LoadFormValues,
} from './load-form-model'

const f = texts.loads.screens.form

function draft(overrides: Partial<RateConDraft['draft']> = {}, rest: Partial<RateConDraft> = {}): RateConDraft {
  return {
    has_text: true,
    message: null,
    upload_id: 'upload-1',
    draft: {
      customer_id: 'customer-1',
      customer_name: 'Echo Global Logistics',
      customer_mc: '123456',
      customer_usdot: null,
      load_number: 'EC-55012',
      bol_number: null,
      po_number: 'PO-9',
      pickup_number: null,
      equipment_type: 'reefer',
      length_ft: 53,
      reefer_temp_f: 34,
      commodity: 'Produce',
      weight_lbs: 42000,
      pieces: null,
      rate_method: 'flat',
      linehaul_cents: 245050,
      rate_per_mile_cents: null,
      fuel_surcharge_cents: 30000,
      detention_free_minutes: 120,
      detention_rate_cents: 5000,
      detention_cap_cents: null,
      tonu_cents: null,
      tonu_window_hours: null,
      lumper_terms: 'Reimbursed with receipt',
      stops: [
        {
          kind: 'pickup',
          facility_name: 'Fresh Farms DC',
          address: '100 Farm Rd',
          city: 'Salinas',
          state: 'CA',
          zip: '93901',
          facility_id: null,
          appointment: '2026-03-02T08:00:00',
          window_start: null,
          window_end: null,
          time_zone: 'America/Los_Angeles',
          instructions: 'Check in at gate 2',
        },
        {
          kind: 'delivery',
          facility_name: 'Kroger Denver',
          address: '1 Market St',
          city: 'Denver',
          state: 'CO',
          zip: null,
          facility_id: 'facility-2',
          appointment: null,
          window_start: '2026-03-04T06:00:00',
          window_end: '2026-03-04T14:00:00',
          time_zone: 'America/Denver',
          instructions: null,
        },
      ],
      ...overrides,
    },
    from_rate_con: ['customer_name', 'load_number', 'linehaul_cents', 'detention_free_minutes', 'stops.0.appointment'],
    missing_terms: ['tonu'],
    ...rest,
  }
}

describe('the form from a rate con draft', () => {
  it('fills every field the rate con gave, money as dollars and free time as hours', () => {
    const { values } = formFromDraft(draft())
    expect(values.customer_id).toBe('customer-1')
    expect(values.load_number).toBe('EC-55012')
    expect(values.po_number).toBe('PO-9')
    expect(values.bol_number).toBe('')
    expect(values.equipment_type).toBe('reefer')
    expect(values.reefer_temp_f).toBe('34')
    expect(values.linehaul).toBe('2450.50')
    expect(values.fuel_surcharge).toBe('300')
    expect(values.detention_free_hours).toBe('2')
    expect(values.detention_rate).toBe('50')
    expect(values.tonu).toBe('')
    expect(values.lumper_terms).toBe('Reimbursed with receipt')
  })

  it('keeps each stop’s time on the facility clock and offers to add a facility it did not match', () => {
    const { values } = formFromDraft(draft())
    const [pickup, delivery] = values.stops
    expect(pickup).toMatchObject({ kind: 'pickup', facility_id: '', timing: 'appointment', appointment: '2026-03-02T08:00' })
    expect(pickup?.rate_con_facility?.facility_name).toBe('Fresh Farms DC')
    expect(delivery).toMatchObject({
      kind: 'delivery',
      facility_id: 'facility-2',
      timing: 'window',
      window_start: '2026-03-04T06:00',
      window_end: '2026-03-04T14:00',
      rate_con_facility: null,
    })
  })

  it('marks the form fields the rate con gave under the form’s names', () => {
    const { fromRateCon } = formFromDraft(draft())
    expect([...fromRateCon].sort()).toEqual(['customer_id', 'detention_free_hours', 'linehaul', 'load_number', 'stops.0.appointment'])
  })

  it('opens a blank form for a scan without text', () => {
    const { values, fromRateCon } = formFromDraft(
      draft({}, { has_text: false, message: 'This PDF has no text layer.', from_rate_con: ['load_number'] }),
    )
    expect(values).toEqual(blankLoadForm())
    expect(fromRateCon.size).toBe(0)
  })

  it('keeps the blank form’s two stops and defaults when the draft has none', () => {
    const { values } = formFromDraft(draft({ stops: [], equipment_type: null, length_ft: null, rate_method: null }))
    expect(values.stops.map((stop) => stop.kind)).toEqual(['pickup', 'delivery'])
    expect(values.equipment_type).toBe('van')
    expect(values.length_ft).toBe('53')
    expect(values.rate_method).toBe('flat')
  })

  it('names the missing terms in the warning', () => {
    expect(missingTermsText(['detention', 'tonu', 'lumper'])).toBe(
      'The rate confirmation leaves out: detention, TONU, lumper terms',
    )
    expect(missingTermsText([])).toBeNull()
  })
})

function filled(): LoadFormValues {
  const values = blankLoadForm()
  values.customer_id = 'customer-1'
  values.load_number = ' L-1 '
  values.linehaul = '1,800.25'
  values.fuel_surcharge = '150'
  values.detention_free_hours = '1.5'
  values.detention_rate = '45'
  values.reefer_temp_f = '34'
  values.accessorials = [{ kind: 'lumper', amount: '75.5', note: '' }]
  values.stops = [
    { ...values.stops[0]!, facility_id: 'f-1', appointment: '2026-03-02T08:00' },
    { ...values.stops[1]!, facility_id: 'f-2', timing: 'window', window_start: '2026-03-03T06:00', window_end: '2026-03-03T10:00', instructions: ' Dock 4 ' },
  ]
  return values
}

describe('the LoadInput the form sends', () => {
  it('sends cents, minutes and the facility clock with seconds', () => {
    const input = toLoadInput(filled())
    expect(input).toMatchObject({
      customer_id: 'customer-1',
      load_number: 'L-1',
      linehaul_cents: 180025,
      fuel_surcharge_cents: 15000,
      detention_free_minutes: 90,
      detention_rate_cents: 4500,
      detention_cap_cents: null,
      tonu_cents: null,
      rate_per_mile_cents: null,
      // Only a reefer keeps its temperature.
      reefer_temp_f: null,
      length_ft: 53,
      accessorials: [{ kind: 'lumper', amount_cents: 7550, note: null }],
    })
    expect(input.stops).toEqual([
      { kind: 'pickup', facility_id: 'f-1', appointment: '2026-03-02T08:00:00', window_start: null, window_end: null, instructions: null },
      {
        kind: 'delivery',
        facility_id: 'f-2',
        appointment: null,
        window_start: '2026-03-03T06:00:00',
        window_end: '2026-03-03T10:00:00',
        instructions: 'Dock 4',
      },
    ])
    expect('rate_con_upload_id' in input).toBe(false)
  })

  it('sends the rate per mile instead of a linehaul, and the rate con’s upload with its lumper terms', () => {
    const values = { ...filled(), rate_method: 'per_mile' as const, rate_per_mile: '2.85', lumper_terms: 'Paid by broker' }
    const input = toLoadInput(values, 'upload-1')
    expect(input.linehaul_cents).toBe(0)
    expect(input.rate_per_mile_cents).toBe(285)
    expect(input.rate_con_upload_id).toBe('upload-1')
    expect(input.lumper_terms).toBe('Paid by broker')
  })
})

describe('the form’s own checks', () => {
  it('passes a complete form', () => {
    expect(validateLoadForm(filled())).toEqual({})
  })

  it('names each field that needs attention', () => {
    const values = blankLoadForm()
    values.linehaul = '12.345'
    values.weight_lbs = '4.5'
    values.stops[1] = { ...values.stops[1]!, timing: 'window' }
    const errors = validateLoadForm(values)
    expect(errors).toMatchObject({
      customer_id: f.customerRequired,
      load_number: texts.loads.loadNumberRequired,
      linehaul: f.amountInvalid,
      weight_lbs: f.wholeNumber,
      'stops.0.facility_id': f.required,
      'stops.0.appointment': texts.loads.stopTimeRequired,
      'stops.1.window_start': texts.loads.stopTimeRequired,
      'stops.1.window_end': texts.loads.stopTimeRequired,
    })
  })

  it('wants a pickup first and a delivery last', () => {
    const values = filled()
    values.stops = [values.stops[1]!, values.stops[0]!]
    expect(validateLoadForm(values).stops).toBe(texts.loads.stopsShape)
  })

  it('puts the server’s field errors on the form’s fields', () => {
    expect(formField('linehaul_cents')).toBe('linehaul')
    expect(formField('rate_per_mile_cents')).toBe('rate_per_mile')
    expect(formField('accessorials.2.amount_cents')).toBe('accessorials.2.amount')
    expect(formField('detention_free_minutes')).toBe('detention_free_hours')
    expect(formField('stops.1.window_end')).toBe('stops.1.window_end')
    expect(formField('stops.0.time_zone')).toBe('stops.0.facility_id')
    expect(formField('load_number')).toBe('load_number')
  })
})

describe('the edit form of a load', () => {
  const facility = (id: string, zone: string) => ({
    id,
    name: `Facility ${id}`,
    address: '1 Main St',
    city: 'Chicago',
    state: 'IL',
    zip: null,
    lat: 41.8,
    lon: -87.6,
    time_zone: zone,
    contact_name: null,
    contact_phone: null,
    hours: null, arrival_radius_miles: 0.5,
  })
  const stop = (seq: number, kind: string, start: string, end: string | null, arrived: string | null = null): StopView => ({
    id: `stop-${seq}`,
    seq,
    kind,
    facility: facility(`f-${seq}`, 'America/Chicago'),
    local_start: start,
    local_end: end,
    time_zone: 'America/Chicago',
    starts_at: '2026-03-02T14:00:00Z',
    ends_at: '2026-03-02T14:00:00Z',
    arrived_at: arrived,
    departed_at: null,
    instructions: seq === 1 ? 'Dock 4' : null,
  })
  const load = (overrides: Partial<LoadView> = {}): LoadView => ({
    id: 'load-1',
    pro_number: 1001,
    load_number: 'EC-55012',
    customer: { id: 'customer-1', name: 'Echo', kind: 'broker', usdot_number: null, mc_number: null, billing_email: null, payment_terms_days: 30 },
    status: 'planned',
    bol_number: 'BOL-1',
    po_number: null,
    pickup_number: null,
    equipment_type: 'reefer',
    length_ft: 53,
    reefer_temp_f: 34,
    commodity: 'Produce',
    weight_lbs: 42000,
    pieces: null,
    hazmat_class: null,
    un_number: null,
    notes: 'Call ahead',
    rate_method: 'flat',
    rate_per_mile_cents: null,
    linehaul_cents: 185050,
    fuel_surcharge_cents: 25000,
    detention_free_minutes: 90,
    detention_rate_cents: 5000,
    detention_cap_cents: null,
    tonu_cents: 15000,
    tonu_window_hours: 24,
    lumper_terms: 'Reimbursed with receipt',
    rate_con_uploaded: false,
    revenue_cents: 217550,
    loaded_miles: 700,
    cancel_reason: null,
    driver_response: null,
    decline_reason: null,
    driver_id: 'driver-1',
    second_driver_id: null,
    truck_id: 'truck-1',
    trailer_id: null,
    stops: [stop(0, 'pickup', '2026-03-02T08:00:00', null), stop(1, 'delivery', '2026-03-03T09:00:00', '2026-03-03T15:00:00')],
    accessorials: [{ id: 'a-1', kind: 'lumper', amount_cents: 7550, note: 'receipt' }],
    history: [],
    updated_at: '2026-03-01T12:00:00.123456Z',
    ...overrides,
  })

  it('fills the form with the load as it is: dollars, hours, each stop on its clock', () => {
    const values = formFromLoad(load())
    expect(values).toMatchObject({
      customer_id: 'customer-1',
      load_number: 'EC-55012',
      bol_number: 'BOL-1',
      po_number: '',
      equipment_type: 'reefer',
      length_ft: '53',
      reefer_temp_f: '34',
      rate_method: 'flat',
      linehaul: '1850.50',
      fuel_surcharge: '250',
      detention_free_hours: '1.5',
      detention_rate: '50',
      detention_cap: '',
      tonu: '150',
      tonu_window_hours: '24',
      notes: 'Call ahead',
    })
    expect(values.stops).toEqual([
      { kind: 'pickup', facility_id: 'f-0', timing: 'appointment', appointment: '2026-03-02T08:00', window_start: '', window_end: '', instructions: '', rate_con_facility: null },
      {
        kind: 'delivery',
        facility_id: 'f-1',
        timing: 'window',
        appointment: '',
        window_start: '2026-03-03T09:00',
        window_end: '2026-03-03T15:00',
        instructions: 'Dock 4',
        rate_con_facility: null,
      },
    ])
    expect(values.accessorials).toEqual([{ kind: 'lumper', amount: '75.50', note: 'receipt' }])
    expect(validateLoadForm(values)).toEqual({})
  })

  it('gives back the input the load was made from (form → input is the inverse)', () => {
    const input = toLoadInput(formFromLoad(load()))
    expect(input).toMatchObject({
      customer_id: 'customer-1',
      load_number: 'EC-55012',
      linehaul_cents: 185050,
      fuel_surcharge_cents: 25000,
      detention_free_minutes: 90,
      detention_rate_cents: 5000,
      detention_cap_cents: null,
      tonu_cents: 15000,
      reefer_temp_f: 34,
      lumper_terms: 'Reimbursed with receipt',
      accessorials: [{ kind: 'lumper', amount_cents: 7550, note: 'receipt' }],
    })
    expect(input.stops).toEqual([
      { kind: 'pickup', facility_id: 'f-0', appointment: '2026-03-02T08:00:00', window_start: null, window_end: null, instructions: null },
      { kind: 'delivery', facility_id: 'f-1', appointment: null, window_start: '2026-03-03T09:00:00', window_end: '2026-03-03T15:00:00', instructions: 'Dock 4' },
    ])
    expect(input.rate_con_upload_id).toBeUndefined()
  })

  it('keeps a rate per mile as the rate, not the linehaul it makes', () => {
    const values = formFromLoad(load({ rate_method: 'per_mile', rate_per_mile_cents: 265, linehaul_cents: 185500 }))
    expect(values).toMatchObject({ rate_method: 'per_mile', rate_per_mile: '2.65', linehaul: '' })
    expect(toLoadInput(values)).toMatchObject({ rate_method: 'per_mile', rate_per_mile_cents: 265, linehaul_cents: 0 })
  })

  it('is editable until a stop is reached', () => {
    for (const status of ['accepted', 'planned', 'dispatched']) expect(isEditable(load({ status }))).toBe(true)
    for (const status of ['tendered', 'at_pickup', 'in_transit', 'delivered', 'cancelled']) expect(isEditable(load({ status }))).toBe(false)
    const arrived = load({ status: 'dispatched', stops: [stop(0, 'pickup', '2026-03-02T08:00:00', null, '2026-03-02T14:00:00Z'), stop(1, 'delivery', '2026-03-03T09:00:00', null)] })
    expect(isEditable(arrived)).toBe(false)
  })
})
