import * as z from 'zod/mini'
import { texts } from '@/lib/texts'

const b = texts.brokers.admin
const a = texts.auth
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/
/** 1 to 8 digits, optionally after 'MC' and a separator ('MC-123456', 'MC #123456'), as the server reads them. */
const MC_PATTERN = /^(?:MC)?[-\s#]*(\d{1,8})$/i
const name = z.string().check(z.trim(), z.maxLength(100, a.nameTooLong))

/** The 'Create broker account' dialog (issue 15). */
export const createBrokerSchema = z.object({
  name: z.string().check(z.trim(), z.minLength(1, b.nameRequired)),
  mc_number: z.string().check(
    z.trim(),
    z.refine((value) => value === '' || MC_PATTERN.test(value), b.mcInvalid),
  ),
  admin_email: z
    .string()
    .check(z.trim(), z.minLength(1, a.emailInvalid), z.maxLength(254, a.emailTooLong), z.regex(EMAIL_PATTERN, a.emailInvalid)),
  admin_first_name: name,
  admin_last_name: name,
})
export type CreateBrokerValues = z.infer<typeof createBrokerSchema>

/** The MC number's digits ('MC-123456' → '123456'); undefined when none is given. */
export function mcDigits(value: string): string | undefined {
  return MC_PATTERN.exec(value.trim())?.[1]
}
