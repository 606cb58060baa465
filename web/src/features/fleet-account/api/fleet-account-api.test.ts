import { afterEach, describe, expect, it, vi } from 'vitest'
import texts from '@contracts/texts.json'
import { setCsrfToken } from '@/lib/api-client'
import { uploadLogo } from './fleet-account-api'

afterEach(() => {
  vi.unstubAllGlobals()
  setCsrfToken(null)
})

const file = () => new File(['png'], 'logo.png', { type: 'image/png' })

describe('uploadLogo', () => {
  it('posts multipart with the field logo and the CSRF header', async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ id: 'fa-1' }), { status: 200 }))
    vi.stubGlobal('fetch', fetchMock)
    setCsrfToken('csrf-9')
    await uploadLogo(file())
    const [path, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit]
    expect(path).toBe('/api/fleet/settings/logo')
    expect(init.method).toBe('POST')
    expect((init.headers as Record<string, string>)['X-CSRF-Token']).toBe('csrf-9')
    expect((init.body as FormData).get('logo')).toBeInstanceOf(File)
  })

  it("shows the server's 413/415 message, else a fallback", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ error: { code: 'payload_too_large', message: 'Logo over 2 MB' } }), {
            status: 413,
          }),
      ),
    )
    await expect(uploadLogo(file())).rejects.toMatchObject({ status: 413, message: 'Logo over 2 MB' })

    vi.stubGlobal('fetch', vi.fn(async () => new Response('nope', { status: 415 })))
    await expect(uploadLogo(file())).rejects.toMatchObject({
      status: 415,
      message: texts.fleet.settingsForm.logoNotImage,
    })
  })
})
