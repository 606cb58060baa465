import * as z from 'zod/mini'
import { texts } from '@/lib/texts'

const s = texts.subscriptionSuccess

/**
 * Account-creation password (spec §5). The checks run in this order and the
 * first failing message is the one shown; contracts/password-vectors.json
 * pins the order.
 */
const passwordRule = z
  .string()
  .check(
    z.minLength(8, s.passwordMin),
    z.maxLength(72, s.passwordMax),
    z.regex(/[A-Z]/, s.passwordUpper),
    z.regex(/[a-z]/, s.passwordLower),
    z.regex(/[0-9]/, s.passwordNumber),
  )

export const createAccountSchema = z
  .object({ password: passwordRule, confirmPassword: z.string() })
  .check(
    z.refine((values) => values.password === values.confirmPassword, {
      message: s.passwordsDontMatch,
      path: ['confirmPassword'],
    }),
  )
export type CreateAccountValues = z.infer<typeof createAccountSchema>

/** The first failing message for a password, or null when it is valid. */
export function passwordError(password: string): string | null {
  const result = passwordRule.safeParse(password)
  return result.success ? null : (result.error.issues[0]?.message ?? null)
}
