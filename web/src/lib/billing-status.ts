import { texts } from './texts'

/** How a subscription or payment status is coloured (spec part 2 §9). */
export type StatusTone = 'success' | 'warning' | 'destructive'

/** 'past_due' → 'Past due', 'canceled' → 'Canceled': Stripe's word with its first letter capitalised. */
export function capitalise(status: string): string {
  const words = status.replace(/_/g, ' ').trim()
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : words
}

/** A subscription's status as its badge reads: 'Active', 'Past Due', else Stripe's word capitalised. */
export function subscriptionStatusLabel(status: string): string {
  if (status === 'active') return texts.billing.statusLabels.active
  if (status === 'past_due') return texts.billing.statusLabels.pastDue
  return capitalise(status)
}

/** Active is green, past due amber, anything else (canceled, unpaid, incomplete…) red. */
export function subscriptionStatusTone(status: string): StatusTone {
  if (status === 'active') return 'success'
  if (status === 'past_due') return 'warning'
  return 'destructive'
}

/** Whether the fleet owes money: the past-due banner shows. */
export function isPastDue(status: string | null | undefined): boolean {
  return status === 'past_due' || status === 'unpaid'
}
