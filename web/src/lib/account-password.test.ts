import { describe, expect, it } from 'vitest'
import vectors from '@contracts/password-vectors.json'
import texts from '@contracts/texts.json'
import { accountPasswordRule, newAccountPasswordSchema } from './account-password'

describe('account password rule', () => {
  it.each(vectors.vectors.map((v) => [v.password.length, v.password, v.error] as const))(
    'vector of %i characters',
    (_length, password, error) => {
      const result = accountPasswordRule.safeParse(password)
      expect(result.success ? null : result.error.issues[0]?.message).toBe(error)
    },
  )

  it('reports a mismatched confirmation on the confirm field', () => {
    const result = newAccountPasswordSchema.safeParse({ password: 'Abcd1234', confirmPassword: 'Abcd12345' })
    expect(result.error?.issues).toEqual([
      expect.objectContaining({ path: ['confirmPassword'], message: texts.subscriptionSuccess.passwordsDontMatch }),
    ])
  })
})
