import { describe, expect, it } from 'vitest'
import texts from '@contracts/texts.json'
import { createBrokerSchema, mcDigits } from './create-broker-schema'

const valid = { name: 'Lakeside Logistics', mc_number: '', admin_email: 'pat@lakeside.example', admin_first_name: '', admin_last_name: '' }
const firstError = (values: Partial<typeof valid>) => {
  const result = createBrokerSchema.safeParse({ ...valid, ...values })
  return result.success ? null : result.error.issues[0]?.message
}

describe('create broker account form', () => {
  it.each([
    ['123456', '123456'],
    ['MC123456', '123456'],
    ['mc-123456', '123456'],
    ['MC #12345678', '12345678'],
    [' 42 ', '42'],
    ['', undefined],
    ['123456789', undefined],
    ['MC12a', undefined],
  ])('reads the MC number %j as %j', (value, digits) => {
    expect(mcDigits(value)).toBe(digits)
  })

  it('names what is missing or wrong', () => {
    expect(firstError({})).toBeNull()
    expect(firstError({ name: '  ' })).toBe(texts.brokers.admin.nameRequired)
    expect(firstError({ mc_number: '123456789' })).toBe(texts.brokers.admin.mcInvalid)
    expect(firstError({ admin_email: 'pat' })).toBe(texts.auth.emailInvalid)
  })
})
