import type { DocumentsToSend } from './documents-to-send'
import type { StopEventName } from './portal-load-types'
import type { Queued } from './stop-actions'

/** What the load's screen sends: through the phone's outbox (wired at merge). */
export interface LoadQueue {
  queued: Queued
  busy: boolean
  sendEvent: (seq: number, event: StopEventName) => Promise<void>
  sendDocuments: (seq: number, docs: DocumentsToSend) => Promise<void>
}

export function useLoadQueue(loadId: string): LoadQueue {
  void loadId
  return {
    queued: [],
    busy: false,
    sendEvent: async () => {},
    sendDocuments: async () => {},
  }
}
