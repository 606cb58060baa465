/** What the driver did at a stop, as POST /api/portal/loads/{loadId}/stops/{seq}/events takes it (less client_id). */
export interface StopEventBody {
  event: 'arrived' | 'completed' | 'departed'
  /** ISO 8601 UTC, the moment on the phone (not when the network came back). */
  at: string
  lat?: number
  lon?: number
}

export type StopDocumentKind = 'pod' | 'lumper_receipt' | 'scale_receipt'

/** The multipart fields of POST …/stops/{seq}/documents besides client_id and file. */
export interface StopDocumentFields {
  kind: StopDocumentKind
  receiver_name?: string
  amount_cents?: number
}

export type OutboxInput =
  | { kind: 'stop_event'; loadId: string; seq: number; body: StopEventBody }
  | {
      kind: 'document'
      loadId: string
      seq: number
      fields: StopDocumentFields
      blob: Blob
      fileName: string
      mimeType: string
      /** Pages the file holds (photos combined, a PDF's pages), for the list only. */
      pages?: number
    }

interface Stored {
  /** Made on the phone and sent with the write: the server treats a repeat as the same write. */
  clientId: string
  /** The fleet whose portal queued it (queues are per portal). */
  portal: string
  loadId: string
  seq: number
  createdAt: number
  /** Sent attempts that got no final answer. */
  attempts: number
  /** 'rejected': the server refused it (a 4xx): kept for the driver to see and discard. */
  state: 'waiting' | 'rejected'
  /** The server's message for a rejected item. */
  error?: string
}

export type StoredStopEvent = Stored & { kind: 'stop_event'; body: StopEventBody }

export type StoredDocument = Stored & {
  kind: 'document'
  fields: StopDocumentFields
  /** The file's bytes (an ArrayBuffer clones into IndexedDB in every browser and test double). */
  bytes: ArrayBuffer
  fileName: string
  mimeType: string
  pages?: number
}

/** An outbox record; `key` (auto-increment) is the queue's order. */
export type OutboxRecord = (StoredStopEvent | StoredDocument) & { key?: number }

/** An item as the list shows it: the record plus whether it is on the wire right now. */
export type OutboxItem = OutboxRecord & {
  key: number
  status: 'waiting' | 'sending' | 'rejected' | 'signed_out'
}

/** How one attempt ended, from the server's answer. */
export type SendOutcome =
  /** `answer`: the server's body (the load as it now stands). */
  | { result: 'sent'; answer?: unknown }
  | { result: 'rejected'; message: string }
  | { result: 'retry' }
  /** No driver session: wait for a sign-in rather than burn retries or drop the write. */
  | { result: 'signed_out' }

export type Sender = (record: OutboxRecord) => Promise<SendOutcome>
