import { afterEach, describe, expect, it, vi } from 'vitest'
import { api, ApiError, setCsrfToken } from './api-client'

function mockFetch(status: number, body?: unknown) {
  const fetchMock = vi.fn().mockResolvedValue(
    new Response(body === undefined ? null : JSON.stringify(body), { status }),
  )
  vi.stubGlobal('fetch', fetchMock)
  return fetchMock
}

afterEach(() => {
  vi.unstubAllGlobals()
  setCsrfToken(null)
})

describe('api client', () => {
  it('sends JSON, the session cookie and the CSRF token on writes', async () => {
    setCsrfToken('tok-1')
    const fetchMock = mockFetch(200, { message: 'ok' })
    await api.post('/api/x', { a: 1 })
    const [, init] = fetchMock.mock.calls[0] as [string, RequestInit]
    const headers = init.headers as Record<string, string>
    expect(init.credentials).toBe('same-origin')
    expect(headers['Content-Type']).toBe('application/json')
    expect(headers['X-CSRF-Token']).toBe('tok-1')
    expect(init.body).toBe('{"a":1}')
  })

  it('does not send the CSRF token on reads', async () => {
    setCsrfToken('tok-1')
    const fetchMock = mockFetch(200, {})
    await api.get('/api/x')
    const [, init] = fetchMock.mock.calls[0] as [string, RequestInit]
    expect((init.headers as Record<string, string>)['X-CSRF-Token']).toBeUndefined()
  })

  it('turns an error body into an ApiError with the server message', async () => {
    mockFetch(401, { error: { code: 'invalid_credentials', message: 'Invalid email or password' } })
    const error = await api.post('/api/auth/sign-in', {}).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ status: 401, code: 'invalid_credentials', message: 'Invalid email or password' })
  })

  it('returns undefined for 204', async () => {
    mockFetch(204)
    await expect(api.post('/api/auth/sign-out')).resolves.toBeUndefined()
  })

  it('sends FormData as multipart with the CSRF token and no JSON Content-Type', async () => {
    setCsrfToken('tok-1')
    const fetchMock = mockFetch(200, {})
    const body = new FormData()
    body.append('file', new File(['a,b'], 'fleet.csv', { type: 'text/csv' }))
    await api.post('/api/x', body)
    const [, init] = fetchMock.mock.calls[0] as [string, RequestInit]
    const headers = init.headers as Record<string, string>
    expect(headers['Content-Type']).toBeUndefined()
    expect(headers['X-CSRF-Token']).toBe('tok-1')
    expect(init.body).toBe(body)
  })

  it('names a bodiless 413 as too large', async () => {
    mockFetch(413)
    await expect(api.post('/api/x', {})).rejects.toMatchObject({ status: 413, message: 'The request is too large' })
  })
})
