import { useQuery } from '@tanstack/react-query'
import { Receipt } from 'lucide-react'
import type { ReactNode } from 'react'
import { useParams } from 'react-router'
import { BrandLogo } from '@/components/brand-logo'
import { Alert } from '@/components/ui/alert'
import { Card, CardContent, CardHeader } from '@/components/ui/card'
import { Spinner } from '@/components/ui/spinner'
import { ApiError } from '@/lib/api-client'
import { unixShortDate } from '@/lib/dates'
import { formatCents } from '@/lib/money'
import { queryKeys } from '@/lib/query-keys'
import { texts } from '@/lib/texts'
import { fetchTestReceipt } from './api/test-portal-api'

const p = texts.testPortal
const c = texts.billing.columns

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap justify-between gap-2 py-2 text-sm">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="font-medium break-words">{children}</dd>
    </div>
  )
}

/** /test-portal/receipts/:paymentId: the stand-in's receipt for one payment. */
export default function TestReceiptPage() {
  const { paymentId = '' } = useParams()
  const receipt = useQuery({
    queryKey: [...queryKeys.testPortalReceipt, paymentId],
    queryFn: ({ signal }) => fetchTestReceipt(paymentId, signal),
    enabled: paymentId !== '',
  })
  const payment = receipt.data
  const notFound = receipt.error instanceof ApiError && receipt.error.status === 404

  return (
    <main className="flex min-h-screen flex-col items-center bg-muted px-4 py-10">
      <BrandLogo className="mb-6" />
      <Card className="w-full max-w-md">
        <CardHeader>
          <h1 className="flex items-center gap-2 text-lg leading-tight font-semibold">
            <Receipt className="h-5 w-5 text-primary" aria-hidden />
            {p.receiptTitle}
          </h1>
          {payment && <p className="text-3xl font-bold">{formatCents(payment.amount_cents)}</p>}
        </CardHeader>
        <CardContent>
          {receipt.isPending && paymentId !== '' ? (
            <div className="flex justify-center py-6">
              <Spinner />
            </div>
          ) : !payment ? (
            <Alert>{notFound || paymentId === '' ? p.receiptNotFound : texts.errors.generic}</Alert>
          ) : (
            <dl className="divide-y divide-border">
              <Row label={c.date}>{unixShortDate(payment.created)}</Row>
              <Row label={c.description}>{payment.description || texts.billing.defaultDescription}</Row>
              <Row label={c.card}>
                {payment.card_last4 ? `${payment.card_brand ?? ''} •••• ${payment.card_last4}` : '—'}
              </Row>
              <Row label={c.status}>{payment.status === 'succeeded' ? texts.billing.paid : payment.status}</Row>
              <Row label={c.amount}>{formatCents(payment.amount_cents)}</Row>
            </dl>
          )}
        </CardContent>
      </Card>
    </main>
  )
}
