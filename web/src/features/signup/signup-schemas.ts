// zod/mini keeps the signup pages inside their 50 KB gzip budget
// (scripts/check-bundle.mjs); the checks run in order and the first failing
// message is shown.
import * as z from 'zod/mini'
import { texts } from '@/lib/texts'

const t = texts.signup

export const dotSchema = z.object({
  dotNumber: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, t.dotRequired),
      z.regex(/^\d*$/, t.dotNumeric),
      z.maxLength(8, t.dotTooLong),
    ),
})
export type DotValues = z.infer<typeof dotSchema>

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

export const contactSchema = z.object({
  firstName: z.string().check(z.trim(), z.minLength(1, t.firstNameRequired), z.maxLength(100, t.fieldTooLong)),
  lastName: z.string().check(z.trim(), z.minLength(1, t.lastNameRequired), z.maxLength(100, t.fieldTooLong)),
  email: z.string().check(z.trim(), z.regex(EMAIL_PATTERN, t.emailInvalid), z.maxLength(254, t.fieldTooLong)),
  phone: z.string().check(z.trim(), z.minLength(10, t.phoneInvalid), z.maxLength(30, t.fieldTooLong)),
})
export type ContactValues = z.infer<typeof contactSchema>
