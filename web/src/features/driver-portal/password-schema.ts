import * as z from 'zod/mini'
import { texts } from '@/lib/texts'

const s = texts.subscriptionSuccess

/**
 * A driver's new password: the account password rule of spec §5 (8–72
 * characters, upper and lower case and a digit), checked in the same order
 * as the server and features/subscription-success.
 */
export const newPasswordRule = z
  .string()
  .check(
    z.minLength(8, s.passwordMin),
    z.maxLength(72, s.passwordMax),
    z.regex(/[A-Z]/, s.passwordUpper),
    z.regex(/[a-z]/, s.passwordLower),
    z.regex(/[0-9]/, s.passwordNumber),
  )

const confirmation = {
  check: (values: { password: string; confirmPassword: string }) => values.password === values.confirmPassword,
  params: { message: s.passwordsDontMatch, path: ['confirmPassword'] },
}

/** The invite page: a new password and its confirmation. */
export const setPasswordSchema = z
  .object({ password: newPasswordRule, confirmPassword: z.string() })
  .check(z.refine(confirmation.check, confirmation.params))
export type SetPasswordValues = z.infer<typeof setPasswordSchema>

/** Settings › Change password. */
export const changePasswordSchema = z
  .object({
    currentPassword: z.string().check(z.minLength(1, texts.driverPortal.fieldRequired)),
    password: newPasswordRule,
    confirmPassword: z.string(),
  })
  .check(z.refine(confirmation.check, confirmation.params))
export type ChangePasswordValues = z.infer<typeof changePasswordSchema>
