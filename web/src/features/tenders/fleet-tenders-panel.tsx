import { useId, useState, type ReactNode } from 'react'
import { Link, useSearchParams } from 'react-router'
import { LoadError } from '@/components/load-error'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Checkbox } from '@/components/ui/checkbox'
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog'
import { Label } from '@/components/ui/label'
import { Spinner } from '@/components/ui/spinner'
import { ApiError } from '@/lib/api-client'
import { formatDollars } from '@/lib/dollars'
import { fleetRoutes } from '@/lib/routes'
import { useSession } from '@/lib/session'
import { format, texts } from '@/lib/texts'
import { toast } from '@/lib/toast'
import { personName } from '@/lib/user'
import {
  useFleetTender,
  useFleetTenderAnswer,
  useFleetTenders,
  useSaveTenderSettings,
  useTenderSettings,
} from './api/tenders-queries'
import type { TenderView } from './api/types'
import { AcceptForm, CounterForm, DeclineForm } from './answer-forms'
import { isOpenTender, tenderStatusLabel } from './labels'
import { laneOf, when } from './display'
import { TenderStatusBadge, TenderSummary } from './parts'

const t = texts.tenderScreens.fleet
const ui = texts.tenderScreens
/** The query parameter of the tender whose details are open (the bell links to it). */
export const TENDER_PARAM = 'tender'

function TenderRow({ tender, onOpen }: { tender: TenderView; onOpen: () => void }) {
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-border p-4">
      <div className="min-w-0 space-y-1">
        <div className="flex flex-wrap items-center gap-2">
          <span className="font-medium">{format(texts.tenderScreens.tenders.loadNumber, { load: tender.load_number })}</span>
          <TenderStatusBadge status={tender.status} />
        </div>
        <p className="text-sm break-words">{laneOf(tender.stops)}</p>
        <p className="text-sm text-muted-foreground">
          {tender.broker.name} · {formatDollars(tender.terms.total_cents)}
          {isOpenTender(tender.status) && <> · {format(ui.tenders.expires, { time: when(tender.expires_at) })}</>}
        </p>
      </div>
      <Button variant="outline" onClick={onOpen}>
        {t.review}
      </Button>
    </li>
  )
}

type Mode = 'accept' | 'decline' | 'counter' | null

/** A tender's details and the carrier's answers: accept, decline, counter. */
function TenderDialog({ id, onClose }: { id: string; onClose: () => void }) {
  const query = useFleetTender(id)
  const answer = useFleetTenderAnswer(id)
  const { user } = useSession()
  const [mode, setMode] = useState<Mode>(null)
  const notFound = query.error instanceof ApiError && query.error.status === 404
  const detail = query.data
  const tender = detail?.tender
  const closed = answer.error instanceof ApiError && answer.error.code === 'tender_closed'

  const choose = (next: Mode) => {
    answer.reset()
    setMode(next)
  }

  let body: ReactNode
  if (detail && tender) {
    const open = isOpenTender(tender.status) && !closed
    body = (
      <div className="space-y-5">
        {tender.status === 'accepted' && tender.load_id && (
          <Alert className="flex flex-wrap items-center justify-between gap-3 border-green-200 bg-green-50 text-green-900">
            <span>{format(t.accepted, { load: tender.load_number })}</span>
            <Button asChild size="sm">
              <Link to={fleetRoutes.load(tender.load_id)}>{t.openLoad}</Link>
            </Button>
          </Alert>
        )}
        {closed && <Alert>{answer.error?.message}</Alert>}
        {!open && !closed && tender.status !== 'accepted' && (
          <p className="text-sm text-muted-foreground">
            {format(t.closedNotice, { status: tenderStatusLabel(tender.status).toLowerCase() })}
          </p>
        )}
        {tender.status === 'countered' && <p className="text-sm text-muted-foreground">{t.awaitingBroker}</p>}
        <TenderSummary tender={tender} committed={detail.committed ?? null} />
        {tender.decline_reason && <p className="text-sm">{format(ui.tenders.declined, { reason: tender.decline_reason })}</p>}
        {open && tender.status === 'offered' && (
          <div className="space-y-4 border-t border-border pt-4">
            {mode === null && (
              <div className="flex flex-wrap justify-end gap-2">
                <Button variant="outline" onClick={() => choose('decline')}>
                  {t.decline}
                </Button>
                <Button variant="outline" onClick={() => choose('counter')}>
                  {t.counter}
                </Button>
                <Button onClick={() => choose('accept')}>{t.accept}</Button>
              </div>
            )}
            {mode === 'accept' && (
              <AcceptForm
                defaultName={user ? (personName(user.first_name, user.last_name) ?? '') : ''}
                defaultShare={tender.share_position ?? true}
                committed={detail.committed ?? null}
                pending={answer.isPending}
                error={answer.error}
                onCancel={() => choose(null)}
                onSubmit={(input) =>
                  answer.mutate(
                    { kind: 'accept', input },
                    {
                      onSuccess: (done) => {
                        setMode(null)
                        toast.success(format(t.accepted, { load: done.tender.load_number }))
                      },
                    },
                  )
                }
              />
            )}
            {mode === 'decline' && (
              <DeclineForm
                pending={answer.isPending}
                error={answer.error}
                onCancel={() => choose(null)}
                onSubmit={(reason) =>
                  answer.mutate(
                    { kind: 'decline', input: { reason } },
                    {
                      onSuccess: (done) => {
                        toast.success(format(t.declined, { load: done.tender.load_number }))
                        onClose()
                      },
                    },
                  )
                }
              />
            )}
            {mode === 'counter' && (
              <CounterForm
                terms={tender.terms}
                pending={answer.isPending}
                error={answer.error}
                onCancel={() => choose(null)}
                onSubmit={(input) =>
                  answer.mutate(
                    { kind: 'counter', input },
                    {
                      onSuccess: (done) => {
                        setMode(null)
                        toast.success(format(t.countered, { load: done.tender.load_number }))
                      },
                    },
                  )
                }
              />
            )}
          </div>
        )}
      </div>
    )
  } else if (query.isPending) {
    body = (
      <div className="flex justify-center py-8">
        <Spinner label={ui.loading} />
      </div>
    )
  } else if (notFound) {
    body = <Alert>{t.notFound}</Alert>
  } else {
    body = (
      <LoadError title={t.loadFailed} message={query.error?.message} retryLabel={ui.retry} onRetry={() => void query.refetch()} />
    )
  }

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto sm:max-w-2xl">
        <DialogTitle className="pr-8">
          {tender ? format(t.detailTitle, { load: tender.load_number, broker: tender.broker.name }) : t.title}
        </DialogTitle>
        <DialogDescription>
          {tender ? `${laneOf(tender.stops)} · ${formatDollars(tender.terms.total_cents)}` : ui.loading}
        </DialogDescription>
        {body}
      </DialogContent>
    </Dialog>
  )
}

/** The fleet's default for sharing positions with brokers (each acceptance may say otherwise). */
function ShareDefault() {
  const id = useId()
  const settings = useTenderSettings()
  const save = useSaveTenderSettings()
  if (!settings.data) return null
  return (
    <div className="flex items-start gap-2">
      <Checkbox
        id={id}
        checked={settings.data.share_position_default}
        disabled={save.isPending}
        onCheckedChange={(value) =>
          save.mutate(
            { share_position_default: value === true },
            {
              onSuccess: () => toast.success(t.shareDefaultSaved),
              onError: () => toast.error(t.shareDefaultFailed),
            },
          )
        }
      />
      <Label htmlFor={id} className="leading-snug">
        {t.shareDefault}
      </Label>
    </div>
  )
}

/**
 * The Loads page's Tenders tab (/fleet-dashboard/loads?tab=tenders): the open
 * tenders for the fleet's posted trucks, the closed ones under a toggle, and
 * `&tender=<id>` opens one (the bell's link).
 */
export default function FleetTendersPanel() {
  const [params, setParams] = useSearchParams()
  const [showClosed, setShowClosed] = useState(false)
  const closedId = useId()
  const openList = useFleetTenders('open')
  const closedList = useFleetTenders(showClosed ? 'closed' : 'open')
  const openId = params.get(TENDER_PARAM)
  const setOpen = (id: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current)
        if (id) next.set(TENDER_PARAM, id)
        else next.delete(TENDER_PARAM)
        return next
      },
      { replace: true },
    )

  const list = (query: typeof openList, empty: string) => {
    if (query.isError)
      return (
        <LoadError title={t.loadFailed} message={query.error.message} retryLabel={ui.retry} onRetry={() => void query.refetch()} />
      )
    if (query.isPending)
      return (
        <div className="flex justify-center py-8">
          <Spinner label={ui.loading} />
        </div>
      )
    if (query.data.tenders.length === 0) return <p className="py-6 text-center text-sm text-muted-foreground">{empty}</p>
    return (
      <ul className="space-y-3">
        {query.data.tenders.map((tender) => (
          <TenderRow key={tender.id} tender={tender} onOpen={() => setOpen(tender.id)} />
        ))}
      </ul>
    )
  }

  return (
    <section className="space-y-4 rounded-xl border border-border bg-white p-4 shadow-sm sm:p-6" aria-labelledby={`${closedId}-title`}>
      <div>
        <h2 id={`${closedId}-title`} className="text-lg font-semibold text-ink">
          {t.title}
        </h2>
        <p className="text-sm text-muted-foreground">{t.description}</p>
      </div>
      <ShareDefault />
      {list(openList, t.emptyOpen)}
      <div className="flex items-center gap-2 border-t border-border pt-4">
        <Checkbox id={closedId} checked={showClosed} onCheckedChange={(value) => setShowClosed(value === true)} />
        <Label htmlFor={closedId}>{t.showClosed}</Label>
      </div>
      {showClosed && list(closedList, t.emptyClosed)}
      {openId && <TenderDialog key={openId} id={openId} onClose={() => setOpen(null)} />}
    </section>
  )
}
