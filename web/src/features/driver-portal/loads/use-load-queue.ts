import { useMemo, useState } from 'react'
import { toast } from '@/lib/toast'
import { texts } from '@/lib/texts'
import { downscaleImage, uploadFileName } from '../offline/downscale-image'
import { useOutbox } from '../offline/use-outbox'
import type { DocumentsToSend } from './documents-to-send'
import { currentPosition, useShareLocation } from './position'
import type { StopEventName } from './portal-load-types'
import type { Queued } from './stop-actions'

const t = texts.portalLoads

/** What the load's screen sends: everything through the phone's outbox, so nothing is lost offline. */
export interface LoadQueue {
  queued: Queued
  busy: boolean
  sendEvent: (seq: number, event: StopEventName) => Promise<void>
  sendDocuments: (seq: number, docs: DocumentsToSend) => Promise<void>
}

export function useLoadQueue(loadId: string): LoadQueue {
  const { items, enqueue } = useOutbox()
  const [shareLocation] = useShareLocation()
  const [busy, setBusy] = useState(false)
  const queued = useMemo(
    () =>
      items.flatMap((item) =>
        item.kind === 'stop_event' && item.loadId === loadId && item.status !== 'rejected'
          ? [{ seq: item.seq, event: item.body.event }]
          : [],
      ),
    [items, loadId],
  )

  const sendEvent = async (seq: number, event: StopEventName) => {
    // The moment of the tap, not of the fix or of the network's return.
    const at = new Date().toISOString()
    setBusy(true)
    try {
      const position = shareLocation ? await currentPosition() : undefined
      await enqueue({ kind: 'stop_event', loadId, seq, body: { event, at, ...position } })
    } finally {
      setBusy(false)
    }
  }

  const sendDocuments = async (seq: number, docs: DocumentsToSend) => {
    setBusy(true)
    try {
      for (const file of docs.files) {
        const blob = await downscaleImage(file)
        await enqueue({
          kind: 'document',
          loadId,
          seq,
          fields: { kind: docs.kind, receiver_name: docs.receiverName, amount_cents: docs.amountCents },
          blob,
          fileName: uploadFileName(file.name, blob),
          mimeType: blob.type || file.type || 'application/octet-stream',
        })
      }
      toast.success(docs.kind === 'pod' ? t.podQueued : t.receiptQueued)
    } finally {
      setBusy(false)
    }
  }

  return { queued, busy, sendEvent, sendDocuments }
}
