import { describe, expect, it } from 'vitest'
import texts from '@contracts/texts.json'
import type { RateConDraft } from './api/loads-api'
import { blankLoadForm, formField, formFromDraft, missingTermsText, toLoadInput, validateLoadForm, type LoadFormValues } from './load-form-model'

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
