import { FlaskConical, RefreshCw } from 'lucide-react'
import { useState, type ReactNode } from 'react'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Card, CardContent } from '@/components/ui/card'
import { Spinner } from '@/components/ui/spinner'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs'
import { texts } from '@/lib/texts'
import { useBillingOverview } from './api/billing-queries'
import { BillingOverviewTab } from './billing-overview'
import { ManagePaymentButton } from './manage-payment-button'
import { PaymentHistory } from './payment-history'

const b = texts.billing

type Tab = 'overview' | 'history'

/** /fleet-dashboard/billing (spec part 2 §2 Billing): the subscription, card and payments, from Stripe. */
export function BillingPage() {
  const billing = useBillingOverview()
  const [tab, setTab] = useState<Tab>('overview')
  const overview = billing.data

  let body: ReactNode
  if (billing.isPending) {
    body = (
      <div className="flex justify-center py-16">
        <Spinner />
      </div>
    )
  } else if (billing.isError) {
    body = (
      <Card>
        <CardContent className="flex flex-col items-center gap-4 pt-6 text-center">
          <p className="font-medium">{b.loadFailed}</p>
          <Button onClick={() => void billing.refetch()} disabled={billing.isFetching}>
            {b.retry}
          </Button>
        </CardContent>
      </Card>
    )
  } else if (!billing.data.subscription && billing.data.payments.length === 0) {
    body = (
      <Card>
        <CardContent className="flex flex-col items-center gap-4 pt-6 text-center">
          <p className="font-medium">{b.emptyState}</p>
          <ManagePaymentButton />
        </CardContent>
      </Card>
    )
  } else {
    body = (
      <Tabs value={tab} onValueChange={(value) => setTab(value as Tab)}>
        <TabsList>
          <TabsTrigger value="overview">{b.tabs.overview}</TabsTrigger>
          <TabsTrigger value="history">{b.tabs.history}</TabsTrigger>
        </TabsList>
        <TabsContent value="overview">
          <BillingOverviewTab overview={billing.data} onViewHistory={() => setTab('history')} />
        </TabsContent>
        <TabsContent value="history">
          <Card>
            <CardContent className="pt-6">
              <PaymentHistory payments={billing.data.payments} />
            </CardContent>
          </Card>
        </TabsContent>
      </Tabs>
    )
  }

  return (
    <section className="space-y-6">
      <div className="space-y-1">
        <h1 className="text-2xl font-bold sm:text-3xl">{b.title}</h1>
        <p className="text-muted-foreground">{b.subtitle}</p>
        {overview?.refreshing && (
          <p className="flex items-center gap-1.5 text-xs text-muted-foreground" role="status">
            <RefreshCw className="h-3.5 w-3.5 animate-spin" aria-hidden />
            {b.refreshing}
          </p>
        )}
      </div>
      {overview?.stand_in && (
        <Alert variant="info" className="flex items-start gap-2 text-xs">
          <FlaskConical className="mt-0.5 h-4 w-4 shrink-0 text-primary" aria-hidden />
          <span>{b.standIn}</span>
        </Alert>
      )}
      {body}
    </section>
  )
}

export default BillingPage
