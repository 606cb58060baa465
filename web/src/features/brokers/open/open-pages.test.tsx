import { screen, waitFor } from '@testing-library/react'
import { StrictMode } from 'react'
import { toast } from 'sonner'
import { afterEach, describe, expect, it, vi } from 'vitest'
import texts from '@contracts/texts.json'
import { format } from '@/lib/texts'
import { stubFetch } from '@/test/fleet-fixtures'
import { renderAt } from '@/test/render'
import UnsubscribePage from './unsubscribe-page'

const saved = texts.board.saved
const UNSUBSCRIBE = '/api/saved-searches/unsubscribe/tok-9'

afterEach(() => {
  toast.dismiss()
  vi.unstubAllGlobals()
})

describe('unsubscribe', () => {
  it('turns the alerts off once on opening, even in strict mode', async () => {
    const fetchMock = stubFetch({ [`POST ${UNSUBSCRIBE}`]: { status: 200, body: { name: 'Chicago vans', unsubscribed: true } } })
    renderAt(
      '/unsubscribe/tok-9',
      '/unsubscribe/:token',
      <StrictMode>
        <UnsubscribePage />
      </StrictMode>,
    )
    expect(await screen.findByText(format(saved.unsubscribed, { name: 'Chicago vans' }))).toBeInTheDocument()
    await waitFor(() => expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(1))
  })

  it('says when the link is not valid', async () => {
    stubFetch({ [`POST ${UNSUBSCRIBE}`]: { status: 404, body: { error: { code: 'not_found', message: 'Not found' } } } })
    renderAt('/unsubscribe/tok-9', '/unsubscribe/:token', <UnsubscribePage />)
    expect(await screen.findByText(saved.unsubscribeNotFound)).toBeInTheDocument()
  })
})
