import * as z from 'zod/mini'
import { texts } from '@/lib/texts'
import type { components } from '@/lib/api-types'

const t = texts.fleet.driverForm
const text = z.string().check(z.trim())

/**
 * The Add/Edit Driver dialog. Only the name rule is checked here; the server
 * checks the phone, the e-mail, the license state and the username and answers per field.
 */
export const driverSchema = z
  .object({
    first_name: text,
    last_name: text,
    username: text,
    phone: text,
    email: text,
    license_number: text,
    license_state: text,
    notes: text,
  })
  .check(
    z.refine((values) => values.first_name.length > 0 || values.last_name.length > 0, {
      message: t.nameRequired,
      path: ['first_name'],
    }),
  )

export type DriverValues = z.infer<typeof driverSchema>

export const emptyDriver: DriverValues = {
  first_name: '',
  last_name: '',
  username: '',
  phone: '',
  email: '',
  license_number: '',
  license_state: '',
  notes: '',
}

export function toDriverInput(values: DriverValues): components['schemas']['DriverInput'] {
  // An empty e-mail clears it: the server keeps null, not ''.
  return { ...values, email: values.email === '' ? null : values.email, license_state: values.license_state.toUpperCase() }
}
