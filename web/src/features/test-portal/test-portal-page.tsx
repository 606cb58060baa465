import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { ExternalLink, Store } from 'lucide-react'
import { useState, type FormEvent, type ReactNode } from 'react'
import { useParams } from 'react-router'
import { toast } from '@/lib/toast'
import { BrandLogo } from '@/components/brand-logo'
import { Alert } from '@/components/ui/alert'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import { FormField } from '@/components/ui/form-field'
import { Spinner } from '@/components/ui/spinner'
import { ApiError } from '@/lib/api-client'
import { subscriptionStatusLabel, subscriptionStatusTone } from '@/lib/billing-status'
import { unixShortDate } from '@/lib/dates'
import { formatCents } from '@/lib/money'
import { queryKeys } from '@/lib/query-keys'
import { specToast } from '@/lib/spec-toast'
import { useSession } from '@/lib/session'
import { texts } from '@/lib/texts'
import { fetchTestPortal, runTestPortalAction, type PortalAction, type TestPortalActionRequest } from './api/test-portal-api'

const p = texts.testPortal
const b = texts.billing

const DEFAULT_CARD = '4242 4242 4242 4242'

/** The actions besides a new card, in the order the page offers them. */
const SIMULATIONS: PortalAction[] = ['renewal_succeeds', 'renewal_fails', 'retries_exhausted', 'cancel', 'resume']

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap justify-between gap-2 py-1.5 text-sm">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="font-medium break-words">{children}</dd>
    </div>
  )
}

/** /test-portal/:portalId: the stand-in's Customer Portal, where a developer plays Stripe and time. */
export default function TestPortalPage() {
  useSession() // primes the CSRF token
  const { portalId = '' } = useParams()
  const queryClient = useQueryClient()
  const key = [...queryKeys.testPortal, portalId]
  const portal = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => fetchTestPortal(portalId, signal),
    enabled: portalId !== '',
  })
  const [cardError, setCardError] = useState<string | null>(null)

  const act = useMutation({
    mutationFn: (body: TestPortalActionRequest) => runTestPortalAction(portalId, body),
    onSuccess: (view) => {
      queryClient.setQueryData(key, view)
      setCardError(null)
      specToast('success', p.done)
    },
    onError: (error) => {
      const message = error instanceof ApiError ? error.message : texts.errors.generic
      if (error instanceof ApiError && error.fields.card_number) setCardError(error.fields.card_number)
      else toast.error(message)
    },
  })

  const updateCard = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const number = String(new FormData(event.currentTarget).get('card_number') ?? '')
    act.mutate({ action: 'update_card', card_number: number })
  }

  const view = portal.data
  const subscription = view?.subscription ?? null
  const card = subscription?.card ?? null
  const notFound = portal.error instanceof ApiError && portal.error.status === 404

  return (
    <main className="flex min-h-screen flex-col items-center bg-muted px-4 py-10">
      <BrandLogo className="mb-6" />
      <div className="w-full max-w-2xl space-y-6">
        <h1 className="flex items-center gap-2 text-2xl font-bold">
          <Store className="h-6 w-6 text-primary" aria-hidden />
          {p.title}
        </h1>
        <Alert variant="info">{p.notice}</Alert>

        {portal.isPending && portalId !== '' ? (
          <div className="flex justify-center py-10">
            <Spinner />
          </div>
        ) : !view ? (
          <Alert>{notFound || portalId === '' ? p.notFound : texts.errors.generic}</Alert>
        ) : (
          <>
            <Card>
              <CardHeader>
                <CardTitle>{p.subscription}</CardTitle>
                <p className="text-sm text-muted-foreground break-all">{view.customer}</p>
              </CardHeader>
              <CardContent>
                {subscription ? (
                  <dl className="divide-y divide-border">
                    <Row label={b.status}>
                      <Badge variant={subscriptionStatusTone(subscription.status)} data-testid="portal-status">
                        {subscriptionStatusLabel(subscription.status)}
                      </Badge>
                    </Row>
                    <Row label={b.currentPlan}>
                      {subscription.plan_name}
                      {subscription.amount_cents !== null && ` · ${formatCents(subscription.amount_cents)}${b.perMonth}`}
                    </Row>
                    {subscription.current_period_end !== null && (
                      <Row label={b.nextPeriodEnd}>{unixShortDate(subscription.current_period_end)}</Row>
                    )}
                    {subscription.cancel_at_period_end && <Row label={b.status}>{b.cancelsAtPeriodEnd}</Row>}
                  </dl>
                ) : (
                  <p className="text-sm text-muted-foreground">{b.emptyState}</p>
                )}
              </CardContent>
            </Card>

            <Card>
              <CardHeader>
                <CardTitle>{p.card}</CardTitle>
                <p className="text-sm" data-testid="portal-card">
                  {card?.last4 ? `${card.brand ?? ''} •••• ${card.last4}` : b.noCard}
                  {card?.exp_month && card.exp_year
                    ? ` · ${String(card.exp_month).padStart(2, '0')}/${card.exp_year}`
                    : ''}
                </p>
              </CardHeader>
              <CardContent>
                <form onSubmit={updateCard} noValidate className="flex flex-col gap-3 sm:flex-row sm:items-end">
                  <div className="flex-1">
                    <FormField
                      id="portal-card-number"
                      name="card_number"
                      label={p.newCard}
                      inputMode="numeric"
                      autoComplete="cc-number"
                      defaultValue={DEFAULT_CARD}
                      error={cardError ?? undefined}
                    />
                  </div>
                  <Button type="submit" disabled={act.isPending}>
                    {p.actions.update_card}
                  </Button>
                </form>
              </CardContent>
            </Card>

            {subscription && (
              <Card>
                <CardContent className="flex flex-wrap gap-2 pt-6">
                  {SIMULATIONS.map((action) => (
                    <Button
                      key={action}
                      variant="outline"
                      disabled={act.isPending}
                      onClick={() => act.mutate({ action })}
                    >
                      {p.actions[action]}
                    </Button>
                  ))}
                </CardContent>
              </Card>
            )}

            <Card>
              <CardHeader>
                <CardTitle>{b.tabs.history}</CardTitle>
              </CardHeader>
              <CardContent>
                {view.payments.length === 0 ? (
                  <p className="text-sm text-muted-foreground">{b.noPayments}</p>
                ) : (
                  <ul className="divide-y divide-border" data-testid="portal-payments">
                    {view.payments.map((payment) => (
                      <li key={payment.id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
                        <span>
                          {unixShortDate(payment.created)} · {formatCents(payment.amount_cents)} · {payment.status}
                        </span>
                        {payment.receipt_url && (
                          <a
                            href={payment.receipt_url}
                            target="_blank"
                            rel="noopener noreferrer"
                            className="inline-flex items-center gap-1 text-primary underline-offset-4 hover:underline"
                          >
                            {b.receipt}
                            <ExternalLink className="h-3.5 w-3.5" aria-hidden />
                          </a>
                        )}
                      </li>
                    ))}
                  </ul>
                )}
              </CardContent>
            </Card>

            <a href={view.return_url} className="block text-center text-sm font-medium text-primary underline-offset-4 hover:underline">
              {p.back}
            </a>
          </>
        )}
      </div>
    </main>
  )
}
