import { Badge } from '@/components/ui/badge'
import { subscriptionStatusLabel, subscriptionStatusTone, type StatusTone } from '@/lib/billing-status'

/** A coloured status pill; `data-tone` names the colour for tests. */
export function ToneBadge({ tone, label }: { tone: StatusTone; label: string }) {
  return (
    <Badge variant={tone} data-tone={tone}>
      {label}
    </Badge>
  )
}

/** A subscription's status: Active green, Past Due amber, anything else red. */
export function SubscriptionStatusBadge({ status }: { status: string }) {
  return <ToneBadge tone={subscriptionStatusTone(status)} label={subscriptionStatusLabel(status)} />
}
