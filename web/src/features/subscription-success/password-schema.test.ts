import { describe, expect, it } from 'vitest'
import vectors from '@contracts/password-vectors.json'
import texts from '@contracts/texts.json'
import { createAccountSchema, passwordError } from './password-schema'

describe('account-creation password rule', () => {
  it.each(vectors.vectors.map((v) => [v.password.length, v.password, v.error] as const))(
    'vector of %i characters',
    (_length, password, error) => {
      expect(passwordError(password)).toBe(error)
    },
  )

  it('reports a mismatched confirmation on the confirm field', () => {
    const result = createAccountSchema.safeParse({ password: 'Abcd1234', confirmPassword: 'Abcd12345' })
    expect(result.success).toBe(false)
    expect(result.error?.issues).toEqual([
      expect.objectContaining({
        path: ['confirmPassword'],
        message: texts.subscriptionSuccess.passwordsDontMatch,
      }),
    ])
  })
})
