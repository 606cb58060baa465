import * as z from 'zod/mini'
import { texts } from './texts'

const s = texts.subscriptionSuccess

/**
 * The account password rule of spec §5 (8–72 characters, upper and lower case
 * and a digit), checked in the server's order (contracts/password-vectors.json):
 * the first failing message is the one shown.
 */
export const accountPasswordRule = z
  .string()
  .check(
    z.minLength(8, s.passwordMin),
    z.maxLength(72, s.passwordMax),
    z.regex(/[A-Z]/, s.passwordUpper),
    z.regex(/[a-z]/, s.passwordLower),
    z.regex(/[0-9]/, s.passwordNumber),
  )

/** A new password and its confirmation (a mismatch is reported on the confirmation). */
export const newAccountPasswordSchema = z
  .object({ password: accountPasswordRule, confirmPassword: z.string() })
  .check(
    z.refine((values) => values.password === values.confirmPassword, {
      message: s.passwordsDontMatch,
      path: ['confirmPassword'],
    }),
  )
export type NewAccountPasswordValues = z.infer<typeof newAccountPasswordSchema>
