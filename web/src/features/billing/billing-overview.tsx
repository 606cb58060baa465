import type { ReactNode } from 'react'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import { unixShortDate } from '@/lib/dates'
import { texts } from '@/lib/texts'
import type { BillingOverview } from './api/types'
import { cardExpiry, cardLabel, planPrice, recentPayments, truncateId } from './billing-format'
import { ManagePaymentButton } from './manage-payment-button'
import { RecentPaymentList } from './payment-history'
import { SubscriptionStatusBadge } from './status-badge'

const b = texts.billing

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="mt-1 text-sm font-medium break-words">{children}</dd>
    </div>
  )
}

export interface BillingOverviewTabProps {
  overview: BillingOverview
  onViewHistory: () => void
}

/** Overview: the plan, its status and next date, the default card, and the latest payments. */
export function BillingOverviewTab({ overview, onViewHistory }: BillingOverviewTabProps) {
  const subscription = overview.subscription
  const card = subscription?.card ?? null
  const { recent, more } = recentPayments(overview.payments)
  const price = subscription ? planPrice(subscription) : null
  const periodEnd = unixShortDate(subscription?.current_period_end)

  return (
    <div className="grid gap-6 lg:grid-cols-2">
      {subscription && (
        <Card data-testid="current-plan">
          <CardHeader>
            <CardTitle>{b.currentPlan}</CardTitle>
          </CardHeader>
          <CardContent className="space-y-4">
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <p className="text-xl font-bold">{subscription.plan_name || b.planName}</p>
              {price && (
                <p className="text-2xl font-bold" data-testid="plan-price">
                  {price}
                </p>
              )}
            </div>
            <dl className="grid grid-cols-1 gap-4 sm:grid-cols-2">
              <Detail label={b.status}>
                <span data-testid="subscription-status">
                  <SubscriptionStatusBadge status={subscription.status} />
                </span>
              </Detail>
              {periodEnd && <Detail label={b.nextPeriodEnd}>{periodEnd}</Detail>}
              <Detail label={b.subscriptionId}>
                <span className="font-mono" title={subscription.id}>
                  {truncateId(subscription.id)}
                </span>
              </Detail>
            </dl>
            {subscription.cancel_at_period_end && (
              <p className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-800">{b.cancelsAtPeriodEnd}</p>
            )}
          </CardContent>
        </Card>
      )}

      <Card data-testid="payment-method">
        <CardHeader>
          <CardTitle>{b.paymentMethod}</CardTitle>
        </CardHeader>
        <CardContent className="space-y-4">
          {cardLabel(card) ? (
            <div className="text-sm">
              <p className="font-medium" data-testid="card-label">
                {cardLabel(card)}
              </p>
              {cardExpiry(card) && <p className="text-muted-foreground">{cardExpiry(card)}</p>}
            </div>
          ) : (
            <p className="text-sm text-muted-foreground">{b.noCard}</p>
          )}
          <ManagePaymentButton />
        </CardContent>
      </Card>

      <Card className="lg:col-span-2">
        <CardHeader>
          <CardTitle>{b.recentPayments}</CardTitle>
        </CardHeader>
        <CardContent>
          <RecentPaymentList payments={recent} />
          {more && (
            <Button variant="link" className="mt-2" onClick={onViewHistory}>
              {b.viewAllHistory}
            </Button>
          )}
        </CardContent>
      </Card>
    </div>
  )
}
