import type { components } from '@/lib/api-types'
import { format, texts } from '@/lib/texts'

const t = texts.admin

export type SignupBadgeVariant = 'success' | 'default' | 'warning'

export interface SignupBadge {
  label: string
  variant: SignupBadgeVariant
}

/**
 * The progress badge of a fleet signup (spec §2 "Super admin tabs"):
 * Completed, else Fleet Admin Assigned, else In Progress (n/3).
 */
export function signupBadge(
  signup: Pick<components['schemas']['SignupItem'], 'completed' | 'has_fleet_admin' | 'current_step'>,
): SignupBadge {
  if (signup.completed) return { label: t.badgeCompleted, variant: 'success' }
  if (signup.has_fleet_admin) return { label: t.badgeFleetAdminAssigned, variant: 'default' }
  return { label: format(t.badgeInProgress, { step: signup.current_step }), variant: 'warning' }
}
