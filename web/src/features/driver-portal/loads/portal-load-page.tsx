import { useState } from 'react'
import { useParams } from 'react-router'
import { toast } from '@/lib/toast'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { format, texts } from '@/lib/texts'
import { useAcceptLoad, useDeclineLoad, usePortalLoad } from '../api/portal-loads-queries'
import { LoadMessages } from '../load-messages'
import { errorMessage, isStatus } from '../portal-errors'
import { PortalLoadError, PortalLoading } from '../portal-load-error'
import { portalPaths } from '../portal-paths'
import { DeclineDialog } from './decline-dialog'
import { LoadFacts } from './load-facts'
import { portalStatusLabel, statusVariant } from './load-status'
import { PodForm, ReceiptForm } from './pod-form'
import type { PortalLoad } from './portal-load-types'
import { PortalScreen } from './portal-screen'
import { ShareLocation } from './share-location'
import { StopCard } from './stop-card'
import { canSendPod, stopActions } from './stop-actions'
import { useLoadQueue } from './use-load-queue'

const t = texts.portalLoads

/** /driver-portal/:fleetId/loads/:loadId — one load, stop by stop. */
export default function PortalLoadPage() {
  const { fleetId = '', loadId = '' } = useParams()
  const load = usePortalLoad(loadId)
  return (
    <PortalScreen back={portalPaths.loads(fleetId)} backLabel={t.backToLoads} query={load}>
      {load.data ? (
        <LoadView load={load.data} />
      ) : load.isPending ? (
        <PortalLoading />
      ) : isStatus(load.error, 404) ? (
        <p className="rounded-lg bg-white p-4 text-sm">{t.notFound}</p>
      ) : (
        <PortalLoadError error={load.error} onRetry={() => void load.refetch()} />
      )}
    </PortalScreen>
  )
}

function LoadView({ load }: { load: PortalLoad }) {
  const queue = useLoadQueue(load.id)
  return (
    <div className="space-y-4" data-testid="portal-load">
      <div className="space-y-1">
        <div className="flex flex-wrap items-center gap-2">
          <h1 className="text-2xl font-bold break-words">{format(t.loadTitle, { load: load.load_number })}</h1>
          <Badge variant={statusVariant(load.status)} data-testid="portal-load-status">
            {portalStatusLabel(load.status)}
          </Badge>
        </div>
        <p className="text-sm text-muted-foreground">{format(t.pro, { pro: load.pro_number })}</p>
      </div>
      <Answer load={load} />
      <section aria-labelledby="stops-heading" className="space-y-2">
        <h2 id="stops-heading" className="text-lg font-semibold">
          {t.stops}
        </h2>
        <ol className="space-y-3">
          {load.stops.map((stop) => (
            <StopCard
              key={stop.seq}
              stop={stop}
              actions={stopActions(load, stop, queue.queued)}
              queued={queue.queued}
              busy={queue.busy}
              onEvent={(event) => void queue.sendEvent(stop.seq, event)}
            >
              {canSendPod(load, stop, queue.queued) && (
                <div className="space-y-3">
                  <PodForm busy={queue.busy} onSend={(docs) => queue.sendDocuments(stop.seq, docs)} />
                  <ReceiptForm busy={queue.busy} onSend={(docs) => queue.sendDocuments(stop.seq, docs)} />
                </div>
              )}
            </StopCard>
          ))}
        </ol>
      </section>
      <ShareLocation />
      <LoadFacts load={load} />
      <LoadMessages loadId={load.id} />
    </div>
  )
}

/** Accept or decline a dispatched load; afterwards, what the driver answered. */
function Answer({ load }: { load: PortalLoad }) {
  const accept = useAcceptLoad(load.id)
  const decline = useDeclineLoad(load.id)
  const [declining, setDeclining] = useState(false)
  if (load.driver_response === 'accepted') {
    return <p className="rounded-lg bg-green-50 p-3 text-sm text-green-900">{t.accepted}</p>
  }
  if (load.driver_response === 'declined') {
    return (
      <p className="rounded-lg bg-red-50 p-3 text-sm text-red-900 break-words">
        {format(t.declined, { reason: load.decline_reason ?? '' })}
      </p>
    )
  }
  if (load.status !== 'dispatched') return null
  return (
    <div className="space-y-3 rounded-lg border-2 border-primary bg-white p-4" data-testid="portal-load-answer">
      <p className="text-sm">{t.awaitingAnswer}</p>
      <div className="grid grid-cols-2 gap-2">
        <Button
          size="lg"
          disabled={accept.isPending}
          onClick={() =>
            accept.mutate(undefined, {
              onSuccess: () => toast.success(t.acceptedToast),
              onError: (e) => toast.error(errorMessage(e)),
            })
          }
        >
          {t.accept}
        </Button>
        <Button size="lg" variant="outline" onClick={() => setDeclining(true)}>
          {t.decline}
        </Button>
      </div>
      <DeclineDialog
        open={declining}
        onOpenChange={setDeclining}
        pending={decline.isPending}
        onDecline={(reason) =>
          decline.mutate(reason, {
            onSuccess: () => {
              setDeclining(false)
              toast.success(t.declinedToast)
            },
            onError: (e) => toast.error(errorMessage(e)),
          })
        }
      />
    </div>
  )
}
