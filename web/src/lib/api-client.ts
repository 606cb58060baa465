import type { components } from './api-types'
import { texts } from './texts'

type ErrorBody = components['schemas']['ErrorBody']

/** A failed API call; `message` is the server's text, safe to show to users. */
export class ApiError extends Error {
  readonly status: number
  readonly code: string
  readonly fields: Record<string, string>

  constructor(status: number, code: string, message: string, fields: Record<string, string> = {}) {
    super(message)
    this.name = 'ApiError'
    this.status = status
    this.code = code
    this.fields = fields
  }

  /** True when the request never got an answer from the server. */
  get isNetworkError(): boolean {
    return this.status === 0
  }
}

let csrfToken: string | null = null

/** Remembers the CSRF token from the latest session or sign-in response. */
export function setCsrfToken(token: string | null): void {
  csrfToken = token
}

export function getCsrfToken(): string | null {
  return csrfToken
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

export interface RequestOptions {
  method?: Method
  body?: unknown
  signal?: AbortSignal
}

function isErrorBody(value: unknown): value is ErrorBody {
  if (typeof value !== 'object' || value === null || !('error' in value)) return false
  const error = (value as { error: unknown }).error
  return (
    typeof error === 'object' &&
    error !== null &&
    typeof (error as { message?: unknown }).message === 'string'
  )
}

/** Same-origin JSON request with the session cookie and, for writes, the CSRF header. */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const method = options.method ?? 'GET'
  // A FormData body goes as multipart: the browser sets its Content-Type with the boundary.
  const multipart = options.body instanceof FormData
  const headers: Record<string, string> = { Accept: 'application/json' }
  if (!multipart) headers['Content-Type'] = 'application/json'
  if (STATE_CHANGING.has(method) && csrfToken) headers['X-CSRF-Token'] = csrfToken

  let response: Response
  try {
    response = await fetch(path, {
      method,
      headers,
      credentials: 'same-origin',
      body: options.body === undefined || multipart ? (options.body as FormData | undefined) : JSON.stringify(options.body),
      signal: options.signal,
    })
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause
    throw new ApiError(0, 'network_error', texts.errors.generic)
  }

  const raw = response.status === 204 ? '' : await response.text()
  let data: unknown = undefined
  if (raw) {
    try {
      data = JSON.parse(raw)
    } catch {
      data = undefined
    }
  }

  if (!response.ok) {
    if (isErrorBody(data)) {
      const { code, message, fields } = data.error
      throw new ApiError(response.status, code, message, fields ?? {})
    }
    // A proxy may refuse a large upload before the server can answer with a body.
    const fallback = response.status === 413 ? texts.errors.payloadTooLarge : texts.errors.generic
    throw new ApiError(response.status, 'http_error', fallback)
  }
  return data as T
}

export const api = {
  get: <T>(path: string, signal?: AbortSignal) => apiRequest<T>(path, { signal }),
  post: <T>(path: string, body?: unknown) => apiRequest<T>(path, { method: 'POST', body }),
  put: <T>(path: string, body?: unknown) => apiRequest<T>(path, { method: 'PUT', body }),
  patch: <T>(path: string, body?: unknown) => apiRequest<T>(path, { method: 'PATCH', body }),
  delete: <T>(path: string) => apiRequest<T>(path, { method: 'DELETE' }),
}
