import * as z from 'zod/mini'
import { texts } from '@/lib/texts'
import type { BrokerRole } from '../api/types'

// The e-mail and name limits and messages of sign-up (texts.auth).
const a = texts.auth
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/
const name = z.string().check(z.trim(), z.maxLength(100, a.nameTooLong))

/** The broker roles in the order the selectors list them. */
export const BROKER_ROLE_OPTIONS = Object.keys(texts.brokers.roles) as BrokerRole[]

export const isBrokerRole = (value: string): value is BrokerRole => (BROKER_ROLE_OPTIONS as string[]).includes(value)

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
