import { format, texts } from '@/lib/texts'
import type { OutboxItem, OutboxRecord, StopDocumentKind } from './outbox-types'

const t = texts.portalOffline

const events = { arrived: t.eventArrived, completed: t.eventCompleted, departed: t.eventDeparted } as const
const documents: Record<StopDocumentKind, string> = {
  pod: t.documentPod,
  lumper_receipt: t.documentLumperReceipt,
  scale_receipt: t.documentScaleReceipt,
}

/** 'Arrived — Stop 1', 'POD photo (2 pages) — Stop 2'. */
export function outboxLabel(record: OutboxRecord): string {
  // seq counts from 0; drivers count stops from 1.
  const stop = format(t.stop, { seq: record.seq + 1 })
  if (record.kind === 'stop_event') return `${events[record.body.event]} — ${stop}`
  const photo = record.mimeType.startsWith('image/') ? ` ${t.photo}` : ''
  const pages = record.pages && record.pages > 1 ? ` ${format(t.pages, { count: record.pages })}` : ''
  return `${documents[record.fields.kind]}${photo}${pages} — ${stop}`
}

/** 'waiting', 'sending', 'Not sent: {message}'. */
export function outboxStatus(item: OutboxItem): string {
  switch (item.status) {
    case 'sending':
      return t.statusSending
    case 'signed_out':
      return t.statusSignIn
    case 'rejected':
      return format(t.notSent, { message: item.error ?? '' })
    default:
      return t.statusWaiting
  }
}
