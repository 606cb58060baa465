import { ExternalLink } from 'lucide-react'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table'
import { unixShortDate } from '@/lib/dates'
import { formatCents } from '@/lib/money'
import { texts } from '@/lib/texts'
import type { PaymentView } from './api/types'
import { paymentDescription, paymentStatus } from './billing-format'
import { ToneBadge } from './status-badge'

const b = texts.billing
const c = b.columns

function ReceiptLink({ payment }: { payment: PaymentView }) {
  if (!payment.receipt_url) return <span className="text-muted-foreground">—</span>
  return (
    <a
      href={payment.receipt_url}
      target="_blank"
      rel="noopener noreferrer"
      className="inline-flex items-center gap-1 font-medium text-primary underline-offset-4 hover:underline"
    >
      {b.receipt}
      <ExternalLink className="h-3.5 w-3.5" aria-hidden />
    </a>
  )
}

function cardLast4(payment: PaymentView): string {
  return payment.card_last4 ? `•••• ${payment.card_last4}` : '—'
}

/** Every payment, newest first: a table from sm up, a stack of cards on a phone. */
export function PaymentHistory({ payments }: { payments: PaymentView[] }) {
  if (payments.length === 0) {
    return <p className="py-6 text-center text-sm text-muted-foreground">{b.noPayments}</p>
  }
  return (
    <>
      <div className="hidden sm:block" data-testid="payment-table">
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>{c.amount}</TableHead>
              <TableHead>{c.date}</TableHead>
              <TableHead>{c.description}</TableHead>
              <TableHead>{c.status}</TableHead>
              <TableHead>{c.card}</TableHead>
              <TableHead>{c.receipt}</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {payments.map((payment) => {
              const status = paymentStatus(payment.status)
              return (
                <TableRow key={payment.id} data-testid="payment-row">
                  <TableCell className="font-medium whitespace-nowrap">{formatCents(payment.amount_cents)}</TableCell>
                  <TableCell className="whitespace-nowrap">{unixShortDate(payment.created)}</TableCell>
                  <TableCell>{paymentDescription(payment)}</TableCell>
                  <TableCell>
                    <ToneBadge tone={status.tone} label={status.label} />
                  </TableCell>
                  <TableCell className="whitespace-nowrap">{cardLast4(payment)}</TableCell>
                  <TableCell>
                    <ReceiptLink payment={payment} />
                  </TableCell>
                </TableRow>
              )
            })}
          </TableBody>
        </Table>
      </div>
      <ul className="space-y-3 sm:hidden" data-testid="payment-cards">
        {payments.map((payment) => {
          const status = paymentStatus(payment.status)
          return (
            <li key={payment.id} className="rounded-lg border border-border p-4 text-sm" data-testid="payment-card">
              <div className="flex items-center justify-between gap-2">
                <span className="text-base font-semibold">{formatCents(payment.amount_cents)}</span>
                <ToneBadge tone={status.tone} label={status.label} />
              </div>
              <p className="mt-1 text-muted-foreground">{unixShortDate(payment.created)}</p>
              <p className="mt-1 break-words">{paymentDescription(payment)}</p>
              <div className="mt-2 flex items-center justify-between gap-2">
                <span className="text-muted-foreground">{cardLast4(payment)}</span>
                <ReceiptLink payment={payment} />
              </div>
            </li>
          )
        })}
      </ul>
    </>
  )
}

/** The Overview's short list: date, description, amount and status on one line each. */
export function RecentPaymentList({ payments }: { payments: PaymentView[] }) {
  if (payments.length === 0) {
    return <p className="text-sm text-muted-foreground">{b.noPayments}</p>
  }
  return (
    <ul className="divide-y divide-border" data-testid="recent-payments">
      {payments.map((payment) => {
        const status = paymentStatus(payment.status)
        return (
          <li key={payment.id} className="flex flex-wrap items-center justify-between gap-2 py-3 text-sm">
            <div className="min-w-0">
              <p className="font-medium break-words">{paymentDescription(payment)}</p>
              <p className="text-muted-foreground">{unixShortDate(payment.created)}</p>
            </div>
            <div className="flex items-center gap-3">
              <span className="font-semibold whitespace-nowrap">{formatCents(payment.amount_cents)}</span>
              <ToneBadge tone={status.tone} label={status.label} />
            </div>
          </li>
        )
      })}
    </ul>
  )
}
