import * as z from 'zod/mini'
import { texts } from '@/lib/texts'

// The same limits and messages as sign-up (texts.auth).
const t = texts.auth
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/
const name = z.string().check(z.trim(), z.maxLength(100, t.nameTooLong))

/** The create-user dialog (spec §5 "Admin-created account"); the role '' means no role. */
export const createUserSchema = z.object({
  email: z.string().check(z.trim(), z.maxLength(254, t.emailTooLong), z.regex(EMAIL_PATTERN, t.emailInvalid)),
  password: z.string().check(z.maxLength(72, t.passwordTooLong)),
  first_name: name,
  last_name: name,
  role: z.string(),
})
export type CreateUserValues = z.infer<typeof createUserSchema>
