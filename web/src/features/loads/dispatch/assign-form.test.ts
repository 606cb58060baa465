import { describe, expect, it } from 'vitest'
import { texts } from '@/lib/texts'
import { assignmentInput, assignSchema, eligibilityInput, type AssignValues } from './assign-form'

const a = texts.loads.dispatch.assign
const values = (overrides: Partial<AssignValues> = {}): AssignValues => ({
  driver_id: 'd1',
  second_driver_id: '',
  truck_id: 't1',
  trailer_id: '',
  override_reason: '',
  ...overrides,
})

const messages = (blocked: boolean, v: AssignValues) => {
  const result = assignSchema(blocked).safeParse(v)
  return result.success ? {} : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]))
}

describe('eligibilityInput', () => {
  it('asks only once a driver and a truck are chosen', () => {
    expect(eligibilityInput(values({ driver_id: '' }))).toBeNull()
    expect(eligibilityInput(values({ truck_id: '' }))).toBeNull()
    expect(eligibilityInput(values({ second_driver_id: 'd1' }))).toBeNull()
  })

  it('sends the optional ids only when chosen', () => {
    expect(eligibilityInput(values())).toEqual({ driver_id: 'd1', truck_id: 't1' })
    expect(eligibilityInput(values({ second_driver_id: 'd2', trailer_id: 'r1' }))).toEqual({
      driver_id: 'd1',
      truck_id: 't1',
      second_driver_id: 'd2',
      trailer_id: 'r1',
    })
  })
})

describe('assignSchema', () => {
  it('needs a driver and a truck, and two different drivers for a team', () => {
    expect(messages(false, values({ driver_id: '', truck_id: '' }))).toEqual({
      driver_id: a.driverRequired,
      truck_id: a.truckRequired,
    })
    expect(messages(false, values({ second_driver_id: 'd1' }))).toEqual({ second_driver_id: a.sameDriver })
  })

  it('needs an override reason only when a Block stands', () => {
    expect(messages(false, values())).toEqual({})
    expect(messages(true, values({ override_reason: '   ' }))).toEqual({ override_reason: a.overrideRequired })
    expect(messages(true, values({ override_reason: 'Renewal booked for Monday' }))).toEqual({})
  })
})

describe('assignmentInput', () => {
  it('sends the trimmed reason with a Block, and none without', () => {
    expect(assignmentInput(values({ override_reason: ' Card renewed today ' }), true)).toEqual({
      driver_id: 'd1',
      truck_id: 't1',
      override_reason: 'Card renewed today',
    })
    expect(assignmentInput(values({ override_reason: 'left over' }), false)).toEqual({ driver_id: 'd1', truck_id: 't1' })
  })
})
