import * as z from 'zod/mini'
import { texts } from '@/lib/texts'
import type { AssignmentInput } from './api'

const t = texts.loads.dispatch.assign

/** The dialog's fields as its inputs hold them ('' for none). */
export interface AssignValues {
  driver_id: string
  second_driver_id: string
  truck_id: string
  trailer_id: string
  override_reason: string
}

export const MAX_REASON = 1000

/** The checks of Assign: a driver and a truck, two different drivers, and a reason when a Block stands. */
export function assignSchema(blocked: boolean) {
  return z
    .object({
      driver_id: z.string().check(z.minLength(1, t.driverRequired)),
      second_driver_id: z.string(),
      truck_id: z.string().check(z.minLength(1, t.truckRequired)),
      trailer_id: z.string(),
      override_reason: z.string().check(
        z.maxLength(MAX_REASON),
        z.refine((reason) => !blocked || reason.trim().length > 0, t.overrideRequired),
      ),
    })
    .check(
      z.refine((v) => v.second_driver_id === '' || v.second_driver_id !== v.driver_id, {
        message: t.sameDriver,
        path: ['second_driver_id'],
      }),
    )
}

/** What the eligibility check is asked about; null until a driver and a truck are chosen. */
export function eligibilityInput(values: Omit<AssignValues, 'override_reason'>): AssignmentInput | null {
  if (!values.driver_id || !values.truck_id) return null
  if (values.second_driver_id && values.second_driver_id === values.driver_id) return null
  return {
    driver_id: values.driver_id,
    truck_id: values.truck_id,
    ...(values.second_driver_id ? { second_driver_id: values.second_driver_id } : {}),
    ...(values.trailer_id ? { trailer_id: values.trailer_id } : {}),
  }
}

/** The assignment as sent: the override reason only when a Block stands. */
export function assignmentInput(values: AssignValues, blocked: boolean): AssignmentInput | null {
  const input = eligibilityInput(values)
  if (!input) return null
  const reason = values.override_reason.trim()
  return blocked && reason ? { ...input, override_reason: reason } : input
}
