// zod/mini: the same checks as classic zod at a fraction of the bundle size;
// every form in the app shell uses it, so one small zod core is shared.
import * as z from 'zod/mini'
import { texts } from '@/lib/texts'

const t = texts.auth
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

// Client checks mirror the server's (spec §5); the first failing one is shown.
const emailField = (requiredMessage: string) =>
  z
    .string()
    .check(
      z.trim(),
      z.minLength(1, requiredMessage),
      z.maxLength(254, t.emailTooLong),
      z.regex(EMAIL_PATTERN, t.emailInvalid),
    )

const email = emailField(t.emailPasswordRequired)

const requiredPassword = () =>
  z.string().check(z.minLength(1, t.emailPasswordRequired), z.maxLength(72, t.passwordTooLong))

const optionalName = z.string().check(z.trim(), z.maxLength(100, t.nameTooLong))

export const signInSchema = z.object({ email, password: requiredPassword() })
export type SignInValues = z.infer<typeof signInSchema>

export const signUpSchema = z.object({
  email,
  password: requiredPassword().check(z.minLength(6, t.passwordMin)),
  firstName: optionalName,
  lastName: optionalName,
})
export type SignUpValues = z.infer<typeof signUpSchema>

export const resetRequestSchema = z.object({ email: emailField(t.emailInvalid) })
export type ResetRequestValues = z.infer<typeof resetRequestSchema>

export const newPasswordSchema = z.object({
  password: z.string().check(z.minLength(6, t.passwordMin), z.maxLength(72, t.passwordTooLong)),
})
export type NewPasswordValues = z.infer<typeof newPasswordSchema>

/**
 * The message to show for a react-hook-form error map: 'Email and password
 * are required' wins, then the first other message in field order.
 */
export function firstErrorMessage(
  errors: Partial<Record<string, { message?: string }>>,
  order: readonly string[],
): string | null {
  if (order.some((field) => errors[field]?.message === t.emailPasswordRequired)) {
    return t.emailPasswordRequired
  }
  for (const field of order) {
    const message = errors[field]?.message
    if (message) return message
  }
  return null
}
