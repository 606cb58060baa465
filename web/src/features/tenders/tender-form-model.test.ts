import { describe, expect, it } from 'vitest'
import texts from '@contracts/texts.json'
import type { TermsView } from './api/types'
import {
  counterInputOf,
  defaultTenderValues,
  formFieldOf,
  tenderInputOf,
  typedTotalCents,
  type TenderFormValues,
} from './tender-form-model'

function filled(changes: Partial<TenderFormValues> = {}): TenderFormValues {
  const values = defaultTenderValues('reefer', 53)
  return {
    ...values,
    load_number: ' BRK-1001 ',
    linehaul: '2,150.50',
    fuel: '$249.5',
    detention_free_hours: '2',
    detention_rate: '50',
    detention_cap: '500',
    tonu: '150',
    tonu_window_hours: '24',
    reefer_temp_f: '-10',
    weight_lbs: '42000',
    stops: [
      { ...values.stops[0], facility_id: 'fac-1', start: '2026-03-02T08:00' },
      { ...values.stops[1], facility_id: 'fac-2', timing: 'window', start: '2026-03-03T06:00', end: '2026-03-03T14:00' },
    ],
    accessorials: [{ kind: 'lumper', amount: '75', note: ' receiver ' }],
    ...changes,
  }
}

describe('tenderInputOf', () => {
  it('sends dollars as cents, hours as minutes and the defaults of the offer', () => {
    const parsed = tenderInputOf('posting-1', filled())
    expect(parsed.ok).toBe(true)
    if (!parsed.ok) return
    expect(parsed.input).toMatchObject({
      posting_id: 'posting-1',
      load_number: 'BRK-1001',
      equipment_type: 'reefer',
      length_ft: 53,
      reefer_temp_f: -10,
      weight_lbs: 42000,
      linehaul_cents: 215050,
      fuel_surcharge_cents: 24950,
      accessorials: [{ kind: 'lumper', amount_cents: 7500, note: 'receiver' }],
      detention_free_minutes: 120,
      detention_rate_cents: 5000,
      detention_cap_cents: 50000,
      tonu_cents: 15000,
      tonu_window_hours: 24,
      payment_terms_days: 30,
      expires_in_minutes: 120,
      share_position: true,
      po_number: null,
    })
    expect(parsed.input.stops).toEqual([
      { kind: 'pickup', facility_id: 'fac-1', appointment: '2026-03-02T08:00:00', instructions: null },
      {
        kind: 'delivery',
        facility_id: 'fac-2',
        window_start: '2026-03-03T06:00:00',
        window_end: '2026-03-03T14:00:00',
        instructions: null,
      },
    ])
  })

  it('names every field that needs attention', () => {
    const values = filled({ load_number: '', linehaul: '12.345', weight_lbs: '4.5' })
    values.stops[0].facility_id = ''
    values.stops[1].end = ''
    const parsed = tenderInputOf('posting-1', values)
    expect(parsed.ok).toBe(false)
    if (parsed.ok) return
    const f = texts.loads.screens.form
    expect(parsed.errors).toEqual({
      load_number: f.required,
      linehaul: f.amountInvalid,
      weight_lbs: f.wholeNumber,
      'stops.0.facility_id': texts.tenderScreens.form.chooseFacility,
      'stops.1.end': texts.tenderScreens.form.timeRequired,
    })
  })

  it('wants a pickup first and a delivery last', () => {
    const values = filled()
    values.stops = [values.stops[1], values.stops[0]]
    const parsed = tenderInputOf('p', values)
    expect(parsed.ok ? null : parsed.errors.stops).toBe(texts.tenderScreens.form.needStops)
  })
})

describe('counterInputOf', () => {
  const terms: TermsView = {
    linehaul_cents: 200000,
    fuel_surcharge_cents: 20000,
    accessorials: [{ kind: 'tarp', amount_cents: 5000, note: null }],
    detention_free_minutes: 120,
    detention_rate_cents: 5000,
    detention_cap_cents: null,
    tonu_cents: null,
    tonu_window_hours: null,
    lumper_terms: 'Paid by receiver',
    total_cents: 225000,
  }

  it('keeps the other terms and changes the money', () => {
    const parsed = counterInputOf(terms, { linehaul: '2300', fuel: '', note: ' fuel is up ' })
    expect(parsed).toEqual({
      ok: true,
      input: {
        linehaul_cents: 230000,
        fuel_surcharge_cents: 0,
        accessorials: [{ kind: 'tarp', amount_cents: 5000, note: null }],
        detention_free_minutes: 120,
        detention_rate_cents: 5000,
        detention_cap_cents: null,
        tonu_cents: null,
        tonu_window_hours: null,
        lumper_terms: 'Paid by receiver',
        note: 'fuel is up',
      },
    })
  })

  it('requires the linehaul', () => {
    const parsed = counterInputOf(terms, { linehaul: '', fuel: '10', note: '' })
    expect(parsed.ok ? null : parsed.errors).toEqual({ linehaul: texts.loads.screens.form.required })
  })
})

describe('typedTotalCents', () => {
  it('adds what is typed, skipping blanks', () => {
    expect(typedTotalCents({ linehaul: '1000', fuel: '', accessorials: [{ kind: 'tarp', amount: '50.25', note: '' }] })).toBe(105025)
  })
  it('is null while an amount is not one', () => {
    expect(typedTotalCents({ linehaul: '10x', fuel: '', accessorials: [] })).toBeNull()
  })
})

describe('formFieldOf', () => {
  const values = filled()
  it.each([
    ['linehaul_cents', 'linehaul'],
    ['detention_free_minutes', 'detention_free_hours'],
    ['stops.1.window_end', 'stops.1.end'],
    ['stops.0.appointment', 'stops.0.start'],
    ['stops.0.time_zone', 'stops.0.facility_id'],
    ['accessorials.0.amount_cents', 'accessorials.0.amount'],
    ['load_number', 'load_number'],
    ['expires_in_minutes', 'expires_in_minutes'],
    ['posting_id', null],
  ])('%s → %s', (server, form) => {
    expect(formFieldOf(server, values)).toBe(form)
  })
})
