import { describe, expect, it } from 'vitest'
import texts from '@contracts/texts.json'
import { emptyCriteria } from '../criteria'
import { criteriaFromForm, formFromCriteria, searchResolver, searchSchema, type SearchFormValues } from './search-schema'

const b = texts.board
const valid: SearchFormValues = formFromCriteria(emptyCriteria('Chicago, IL'))

/** The first message per field, as the form's resolver shows them. */
function errorsOf(values: Partial<SearchFormValues>): Record<string, string> {
  const { origin, radius, available_from, available_to, max_age } = { ...valid, ...values }
  const result = searchSchema.safeParse({ origin, radius, available_from, available_to, max_age })
  const errors: Record<string, string> = {}
  if (!result.success) for (const issue of result.error.issues) errors[issue.path.join('.')] ??= issue.message
  return errors
}

describe('the board search form', () => {
  it('accepts an origin with the defaults', () => {
    expect(errorsOf({})).toEqual({})
  })

  it.each(['', '   '])('asks for an origin (%j)', (origin) => {
    expect(errorsOf({ origin })).toEqual({ origin: b.originRequired })
  })

  it.each(['0', '451', '-5', '12.5', '', 'abc'])('refuses a radius of %j', (radius) => {
    expect(errorsOf({ radius })).toEqual({ radius: b.radiusInvalid })
  })

  it.each(['1', '450', ' 200 '])('accepts a radius of %j', (radius) => {
    expect(errorsOf({ radius })).toEqual({})
  })

  it('refuses an availability window that ends before it starts', () => {
    expect(errorsOf({ available_from: '2026-11-30', available_to: '2026-11-24' })).toEqual({
      available_to: b.windowInvalid,
    })
    expect(errorsOf({ available_from: '2026-11-24', available_to: '2026-11-24' })).toEqual({})
    expect(errorsOf({ available_from: '', available_to: '2026-11-24' })).toEqual({})
  })

  it('resolves the choices as they are, and trims the origin', async () => {
    const values = { ...valid, origin: ' Dallas ', destinations: ['TX'], equipment: ['van'], include_not_allowed: true }
    const options = { fields: {}, shouldUseNativeValidation: false }
    expect(await searchResolver(values, undefined, options)).toEqual({ values: { ...values, origin: 'Dallas' }, errors: {} })
    const refused = await searchResolver({ ...values, radius: '0' }, undefined, options)
    expect(refused.values).toEqual({})
    expect(refused.errors.radius?.message).toBe(b.radiusInvalid)
  })

  it('turns the fields into criteria and back', () => {
    const values: SearchFormValues = {
      origin: '  60601 ',
      radius: '250',
      destinations: ['TX'],
      equipment: ['reefer'],
      available_from: '2026-11-24',
      available_to: '',
      max_age: '24',
      include_not_allowed: true,
    }
    const criteria = criteriaFromForm(values)
    expect(criteria).toEqual({
      origin: '60601',
      radius_mi: 250,
      destinations: ['TX'],
      equipment: ['reefer'],
      available_from: '2026-11-24',
      available_to: null,
      max_age_hours: 24,
      include_not_allowed: true,
    })
    expect(formFromCriteria(criteria)).toEqual({ ...values, origin: '60601' })
    expect(formFromCriteria(null)).toEqual({ ...valid, origin: '' })
    expect(criteriaFromForm({ ...values, max_age: '' }).max_age_hours).toBeNull()
  })
})
