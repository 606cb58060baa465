import * as z from 'zod/mini'
import { texts } from '@/lib/texts'
import { isBrokerRole } from '../roles'

// The e-mail and name limits and messages of sign-up (texts.auth).
const a = texts.auth
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/
const name = z.string().check(z.trim(), z.maxLength(100, a.nameTooLong))

export const inviteUserSchema = z.object({
  email: z
    .string()
    .check(z.trim(), z.minLength(1, a.emailInvalid), z.maxLength(254, a.emailTooLong), z.regex(EMAIL_PATTERN, a.emailInvalid)),
  first_name: name,
  last_name: name,
  // A string, not z.enum: that would grow the zod chunk the signup pages share (scripts/check-bundle.mjs).
  role: z.string().check(z.refine(isBrokerRole, texts.errors.generic)),
})
export type InviteUserValues = z.infer<typeof inviteUserSchema>
