import { ApiError, apiRequest, getCsrfToken } from '@/lib/api-client'
import { fetchPortalHome } from '../api/portal-api'
import type { OutboxRecord, SendOutcome, Sender } from './outbox-types'

const stopPath = (record: OutboxRecord) =>
  `/api/portal/loads/${encodeURIComponent(record.loadId)}/stops/${record.seq}/${record.kind === 'stop_event' ? 'events' : 'documents'}`

/** The request body: JSON for an event, multipart for a document (the file last). */
export function requestBody(record: OutboxRecord): unknown {
  if (record.kind === 'stop_event') return { client_id: record.clientId, ...record.body }
  const form = new FormData()
  form.append('client_id', record.clientId)
  form.append('kind', record.fields.kind)
  if (record.fields.receiver_name) form.append('receiver_name', record.fields.receiver_name)
  if (record.fields.amount_cents !== undefined) form.append('amount_cents', String(record.fields.amount_cents))
  form.append('file', new Blob([record.bytes], { type: record.mimeType }), record.fileName)
  return form
}

/**
 * What an answer means for a queued write. No answer, a 5xx, 408 or 429 may
 * go better later; 401 means the session ended (the write waits for a
 * sign-in instead of being dropped); any other 4xx is the server's final word.
 */
export function classify(error: unknown): SendOutcome {
  if (!(error instanceof ApiError)) return { result: 'retry' }
  const { status } = error
  if (status === 0 || status === 408 || status === 429 || status >= 500) return { result: 'retry' }
  if (status === 401) return { result: 'signed_out' }
  if (status >= 400) return { result: 'rejected', message: error.message }
  return { result: 'retry' }
}

interface HttpDeps {
  request: typeof apiRequest
  /** Asks the server for the session's CSRF token (the page may have started offline, from its copy). */
  refreshSession: () => Promise<unknown>
  csrfToken: () => string | null
}

const defaults: HttpDeps = { request: apiRequest, refreshSession: fetchPortalHome, csrfToken: getCsrfToken }

/** Sends one queued write with the driver's session (lib/api-client: cookie and CSRF header). */
export function httpSender(deps: HttpDeps = defaults): Sender {
  return async (record) => {
    const post = () => deps.request<unknown>(stopPath(record), { method: 'POST', body: requestBody(record) })
    try {
      if (!deps.csrfToken()) await deps.refreshSession()
      let answer: unknown
      try {
        answer = await post()
      } catch (error) {
        // A token from an older session (the driver signed in again in another tab): fetch it and try once more.
        if (!(error instanceof ApiError && error.status === 403 && error.code === 'csrf_invalid')) throw error
        await deps.refreshSession()
        answer = await post()
      }
      return { result: 'sent', answer }
    } catch (error) {
      return classify(error)
    }
  }
}
