import { useState, type ReactNode } from 'react'
import { Link, useParams } from 'react-router'
import { BrandLogo } from '@/components/brand-logo'
import { LoadError } from '@/components/load-error'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'
import { ApiError } from '@/lib/api-client'
import { formatDollars } from '@/lib/dollars'
import { routes } from '@/lib/routes'
import { format, texts } from '@/lib/texts'
import { useTenderLink, useTenderLinkAnswer } from './api/tenders-queries'
import type { TenderView } from './api/types'
import { AcceptForm, DeclineForm } from './answer-forms'
import { isOpenTender, tenderStatusLabel } from './labels'
import { laneOf, when } from './display'
import { TenderStatusBadge, TenderSummary } from './parts'

const l = texts.tenderScreens.link
const f = texts.tenderScreens.fleet

function Frame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main className="flex min-h-screen flex-col items-center bg-muted px-4 py-10">
      <BrandLogo className="mb-6" />
      <div className="w-full max-w-2xl space-y-5 rounded-xl border border-border bg-white p-4 shadow-sm sm:p-6">
        <h1 className="text-2xl leading-tight font-semibold break-words">{title}</h1>
        {children}
      </div>
    </main>
  )
}

function SignInLink() {
  return (
    <Button asChild>
      <Link to={routes.auth}>{l.signIn}</Link>
    </Button>
  )
}

/**
 * /tender/:fleetId/:token: the one-time link of a tender's e-mail, without
 * signing in. It shows the offer and takes the carrier's accept or decline;
 * a used or expired link says so (404).
 */
export default function TenderLinkPage() {
  const { fleetId = '', token = '' } = useParams()
  const query = useTenderLink(fleetId, token)
  const answer = useTenderLinkAnswer(fleetId, token)
  const [mode, setMode] = useState<'accept' | 'decline' | null>(null)
  const [done, setDone] = useState<TenderView | null>(null)
  const invalidLink =
    (query.error instanceof ApiError && query.error.status === 404) ||
    (answer.error instanceof ApiError && answer.error.status === 404)

  if (invalidLink)
    return (
      <Frame title={l.invalidTitle}>
        <Alert>{texts.tenders.linkInvalid}</Alert>
        <SignInLink />
      </Frame>
    )
  if (query.isPending)
    return (
      <Frame title={texts.tenderScreens.loading}>
        <div className="flex justify-center py-8">
          <Spinner label={texts.tenderScreens.loading} />
        </div>
      </Frame>
    )
  if (query.isError)
    return (
      <Frame title={f.loadFailed}>
        <LoadError
          title={f.loadFailed}
          message={query.error.message}
          retryLabel={texts.tenderScreens.retry}
          onRetry={() => void query.refetch()}
        />
      </Frame>
    )

  const view = query.data
  const tender = done ?? view.tender
  const closed = answer.error instanceof ApiError && answer.error.code === 'tender_closed'
  const choose = (next: typeof mode) => {
    answer.reset()
    setMode(next)
  }

  let action: ReactNode
  if (done) {
    action = (
      <Alert className="space-y-3 border-green-200 bg-green-50 text-green-900">
        <p>{format(done.status === 'accepted' ? l.accepted : l.declined, { load: done.load_number })}</p>
        <SignInLink />
      </Alert>
    )
  } else if (closed) {
    action = <Alert>{answer.error?.message}</Alert>
  } else if (tender.status !== 'offered') {
    action = <p className="text-sm text-muted-foreground">{format(l.notOpen, { status: tenderStatusLabel(tender.status).toLowerCase() })}</p>
  } else if (mode === 'accept') {
    action = (
      <AcceptForm
        defaultName={view.recipient_name}
        defaultShare={tender.share_position ?? true}
        committed={view.committed ?? null}
        pending={answer.isPending}
        error={answer.error}
        onCancel={() => choose(null)}
        onSubmit={(input) => answer.mutate({ kind: 'accept', input }, { onSuccess: setDone })}
      />
    )
  } else if (mode === 'decline') {
    action = (
      <DeclineForm
        pending={answer.isPending}
        error={answer.error}
        onCancel={() => choose(null)}
        onSubmit={(reason) => answer.mutate({ kind: 'decline', input: { reason } }, { onSuccess: setDone })}
      />
    )
  } else {
    action = (
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="outline" onClick={() => choose('decline')}>
          {f.decline}
        </Button>
        <Button onClick={() => choose('accept')}>{f.accept}</Button>
      </div>
    )
  }

  return (
    <Frame title={format(l.title, { load: tender.load_number })}>
      <div className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
        <TenderStatusBadge status={tender.status} />
        <span>{format(l.greeting, { name: view.recipient_name })}</span>
        <span>·</span>
        <span>{laneOf(tender.stops)}</span>
        <span>·</span>
        <span className="font-medium text-ink">{formatDollars(tender.terms.total_cents)}</span>
        {isOpenTender(tender.status) && !done && (
          <span>· {format(texts.tenderScreens.tenders.expires, { time: when(tender.expires_at) })}</span>
        )}
      </div>
      <TenderSummary tender={tender} committed={done ? null : view.committed} />
      <div className="border-t border-border pt-4">{action}</div>
    </Frame>
  )
}
