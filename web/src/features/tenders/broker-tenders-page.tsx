import { useState, type ReactNode } from 'react'
import { Link } from 'react-router'
import { LoadError } from '@/components/load-error'
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogConfirm,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog'
import { Button } from '@/components/ui/button'
import { buttonClass } from '@/components/ui/button-variants'
import { Spinner } from '@/components/ui/spinner'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs'
import { formatDollars } from '@/lib/dollars'
import { brokerRoutes } from '@/lib/routes'
import { format, texts } from '@/lib/texts'
import { toast } from '@/lib/toast'
import { useTabParam } from '@/lib/use-tab-param'
import { useBrokerTenderAction, useBrokerTenders } from './api/tenders-queries'
import type { TenderView } from './api/types'
import { isOpenTender } from './labels'
import { laneOf, when } from './display'
import { TenderStatusBadge, TermsList } from './parts'

const t = texts.tenderScreens.tenders
const ui = texts.tenderScreens
const TABS = ['open', 'closed'] as const

interface Pending {
  action: 'withdraw' | 'acceptCounter'
  tender: TenderView
}

function TenderCard({ tender, onAction }: { tender: TenderView; onAction: (action: Pending['action']) => void }) {
  const counter = tender.counter
  return (
    <article aria-label={format(t.loadNumber, { load: tender.load_number })} className="space-y-3 rounded-xl border border-border bg-white p-4 shadow-sm">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 space-y-1">
          <div className="flex flex-wrap items-center gap-2">
            <h2 className="font-semibold">{format(t.loadNumber, { load: tender.load_number })}</h2>
            <TenderStatusBadge status={tender.status} />
          </div>
          <p className="text-sm break-words">{laneOf(tender.stops)}</p>
          <p className="text-sm text-muted-foreground">
            {tender.truck_number ? format(t.carrierTruck, { carrier: tender.carrier.name, truck: tender.truck_number }) : tender.carrier.name}
          </p>
        </div>
        <div className="text-right">
          <p className="text-lg font-semibold tabular-nums">{formatDollars(tender.terms.total_cents)}</p>
          <p className="text-xs text-muted-foreground">
            {format(isOpenTender(tender.status) ? t.expires : t.expiredAt, { time: when(tender.expires_at) })}
          </p>
        </div>
      </div>
      {tender.decline_reason && <p className="text-sm">{format(t.declined, { reason: tender.decline_reason })}</p>}
      {tender.accepted_by_name && (
        <p className="text-sm text-muted-foreground">
          {format(t.acceptedBy, { name: tender.accepted_by_name, title: tender.accepted_by_title ?? '' })}
        </p>
      )}
      {counter && tender.status === 'countered' && (
        <section className="space-y-2 rounded-lg bg-amber-50 p-3">
          <h3 className="text-sm font-semibold">{format(t.counterTitle, { by: counter.by })}</h3>
          <p className="text-sm">
            {format(t.counterWas, {
              offered: formatDollars(tender.terms.total_cents),
              countered: formatDollars(counter.terms.total_cents),
            })}
          </p>
          {counter.note && <p className="text-sm whitespace-pre-line break-words">{counter.note}</p>}
          <TermsList terms={counter.terms} />
        </section>
      )}
      <div className="flex flex-wrap justify-end gap-2">
        {tender.shipment_id && (
          <Link to={brokerRoutes.shipment(tender.shipment_id)} className={buttonClass('outline')}>
            {t.openShipment}
          </Link>
        )}
        {isOpenTender(tender.status) && (
          <Button variant="outline" onClick={() => onAction('withdraw')}>
            {t.withdraw}
          </Button>
        )}
        {tender.status === 'countered' && counter && <Button onClick={() => onAction('acceptCounter')}>{t.acceptCounter}</Button>}
      </div>
    </article>
  )
}

function TenderList({ status, onAction }: { status: (typeof TABS)[number]; onAction: (pending: Pending) => void }) {
  const query = useBrokerTenders(status)
  if (query.isError)
    return <LoadError title={t.loadFailed} message={query.error.message} retryLabel={ui.retry} onRetry={() => void query.refetch()} />
  if (query.isPending)
    return (
      <div className="flex justify-center py-10">
        <Spinner label={ui.loading} />
      </div>
    )
  if (query.data.tenders.length === 0)
    return (
      <div className="rounded-xl border border-dashed border-border bg-white p-6 text-center">
        <p className="text-muted-foreground">{status === 'open' ? t.emptyOpen : t.emptyClosed}</p>
        {status === 'open' && (
          <Link to={brokerRoutes.board()} className={buttonClass('primary', 'md', 'mt-4')}>
            {t.searchBoard}
          </Link>
        )}
      </div>
    )
  return (
    <div className="space-y-4">
      {query.data.tenders.map((tender) => (
        <TenderCard key={tender.id} tender={tender} onAction={(action) => onAction({ action, tender })} />
      ))}
    </div>
  )
}

function ConfirmAction({ pending, onDone }: { pending: Pending | null; onDone: () => void }) {
  const withdraw = useBrokerTenderAction('withdraw')
  const acceptCounter = useBrokerTenderAction('acceptCounter')
  const mutation = pending?.action === 'acceptCounter' ? acceptCounter : withdraw
  let body: ReactNode = null
  if (pending) {
    const load = pending.tender.load_number
    const isWithdraw = pending.action === 'withdraw'
    const run = () =>
      mutation.mutate(pending.tender.id, {
        onSuccess: () => {
          toast.success(format(isWithdraw ? t.withdrawn : t.counterAccepted, { load }))
          onDone()
        },
        onError: (error) => {
          toast.error(error.message)
          onDone()
        },
      })
    body = (
      <>
        <AlertDialogTitle>{format(isWithdraw ? t.withdrawTitle : t.acceptCounterTitle, { load })}</AlertDialogTitle>
        <AlertDialogDescription>
          {isWithdraw
            ? t.withdrawText
            : format(t.acceptCounterText, { total: formatDollars(pending.tender.counter?.terms.total_cents ?? 0) })}
        </AlertDialogDescription>
        <AlertDialogFooter>
          <AlertDialogCancel>{ui.cancel}</AlertDialogCancel>
          {isWithdraw ? (
            <AlertDialogConfirm disabled={mutation.isPending} onClick={run}>
              {t.withdrawConfirm}
            </AlertDialogConfirm>
          ) : (
            <Button disabled={mutation.isPending} onClick={run}>
              {t.acceptCounter}
            </Button>
          )}
        </AlertDialogFooter>
      </>
    )
  }
  return (
    <AlertDialog open={pending !== null} onOpenChange={(open) => !open && onDone()}>
      <AlertDialogContent>{body}</AlertDialogContent>
    </AlertDialog>
  )
}

/** /broker/tenders: the broker's offers, open and closed, with Withdraw and Accept counter. */
export default function BrokerTendersPage() {
  const [tab, setTab] = useTabParam(TABS)
  const [pending, setPending] = useState<Pending | null>(null)
  return (
    <div className="space-y-6">
      <div className="space-y-1">
        <h1 className="text-2xl font-bold tracking-tight">{t.title}</h1>
        <p className="text-muted-foreground">{t.description}</p>
      </div>
      <Tabs value={tab} onValueChange={setTab} className="space-y-4">
        <TabsList aria-label={t.statusTabs}>
          {TABS.map((value) => (
            <TabsTrigger key={value} value={value}>
              {t.tabs[value]}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value={tab}>
          <TenderList status={tab} onAction={setPending} />
        </TabsContent>
      </Tabs>
      <ConfirmAction pending={pending} onDone={() => setPending(null)} />
    </div>
  )
}
