import type { components } from '@/lib/api-types'
import { capitalise, isPastDue, type StatusTone } from '@/lib/billing-status'
import { format, texts } from '@/lib/texts'
import { formatDate } from './format'

type BillingState = components['schemas']['BillingState']

const s = texts.billing.adminStates

/**
 * A fleet's billing in the Accounts tab: read-only (red) before past due
 * (amber), Active (green), no subscription (grey), any other Stripe status
 * capitalised (red).
 */
export function adminBillingState(state: BillingState | null): { label: string; tone: StatusTone | 'none' } {
  if (!state || state.status === null) return { label: s.none, tone: 'none' }
  const since = state.past_due_since ? formatDate(state.past_due_since) : ''
  if (state.read_only) return { label: format(s.readOnly, { date: since }), tone: 'destructive' }
  if (isPastDue(state.status)) return { label: format(s.pastDue, { date: since }), tone: 'warning' }
  if (state.status === 'active') return { label: s.active, tone: 'success' }
  return { label: capitalise(state.status), tone: 'destructive' }
}
