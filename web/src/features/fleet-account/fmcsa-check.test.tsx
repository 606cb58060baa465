import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import texts from '@contracts/texts.json'
import { fleetAccount, stubFetch } from '@/test/fleet-fixtures'
import { renderAt } from '@/test/render'
import CompanyProfilePage from './company-profile-page'

const t = texts.compliance.fmcsaCheck
const h = texts.compliance.history

afterEach(() => {
  vi.unstubAllGlobals()
})

const render = (path = '/fleet-dashboard/profile') => renderAt(path, '/fleet-dashboard/profile', <CompanyProfilePage />)

const inTenMinutes = () => new Date(Date.now() + 10 * 60_000).toISOString()

describe('Company Profile › Check FMCSA now', () => {
  it('checks, says what it found, and waits out the 10 minutes', async () => {
    let answer: (value: Response) => void = () => {}
    const fetchMock = stubFetch({
      'GET /api/fleet/account': { status: 200, body: fleetAccount() },
    })
    const routed = fetchMock.getMockImplementation()!
    fetchMock.mockImplementation((input, init) =>
      init?.method === 'POST' ? new Promise<Response>((resolve) => (answer = resolve)) : routed(input, init),
    )
    render()

    await userEvent.click(await screen.findByRole('button', { name: t.button }))
    expect(screen.getByRole('button', { name: t.checking })).toBeDisabled()
    answer(new Response(JSON.stringify({ outcome: 'changes', changes: 3, next_check_at: inTenMinutes() }), { status: 200 }))

    const status = await screen.findByText(t.changesMany.replace('{count}', '3'))
    expect(status.closest('p')).toHaveTextContent(/You can check again at/)
    expect(screen.getByRole('button', { name: t.button })).toBeDisabled()
  })

  it('shows the server\'s reason when it is too soon or FMCSA is down, and stays usable', async () => {
    const tooSoon = 'FMCSA can be checked once every 10 minutes. Try again in 4 min.'
    stubFetch({
      'GET /api/fleet/account': { status: 200, body: fleetAccount() },
      'POST /api/fleet/fmcsa/check': { status: 429, body: { error: { code: 'rate_limited', message: tooSoon } } },
    })
    render()
    await userEvent.click(await screen.findByRole('button', { name: t.button }))
    expect(await screen.findByText(tooSoon)).toHaveClass('text-red-700')
    expect(screen.getByRole('button', { name: t.button })).toBeEnabled()
  })

  it('names a first reading as the baseline', async () => {
    stubFetch({
      'GET /api/fleet/account': { status: 200, body: fleetAccount() },
      'POST /api/fleet/fmcsa/check': { status: 200, body: { outcome: 'baseline', changes: 0, next_check_at: inTenMinutes() } },
    })
    render()
    await userEvent.click(await screen.findByRole('button', { name: t.button }))
    expect(await screen.findByText(t.baseline)).toBeInTheDocument()
  })
})

describe('Company Profile › History › baseline', () => {
  it('lists the baseline under the changes, and says when it came late', async () => {
    stubFetch({
      'GET /api/fleet/account': { status: 200, body: fleetAccount() },
      'GET /api/fleet/fmcsa/history': {
        status: 200,
        body: {
          last_checked_at: '2025-03-05T06:00:00Z',
          baseline: { taken_at: '2025-03-01T06:00:00Z', late: true },
          baseline_pending: false,
          next_check_at: null,
          changes: [],
        },
      },
    })
    render('/fleet-dashboard/profile?tab=history')
    const baseline = await screen.findByTestId('fmcsa-baseline')
    expect(baseline).toHaveTextContent(h.baselineTitle)
    expect(baseline).toHaveTextContent('Mar 1, 2025')
    expect(baseline).toHaveTextContent(h.baselineLate)
    expect(screen.getByText(h.empty)).toBeInTheDocument()
    expect(screen.queryByTestId('fmcsa-no-baseline')).not.toBeInTheDocument()
  })

  it('says when there is no baseline yet', async () => {
    stubFetch({
      'GET /api/fleet/account': { status: 200, body: fleetAccount() },
      'GET /api/fleet/fmcsa/history': {
        status: 200,
        body: { last_checked_at: null, baseline: null, baseline_pending: true, next_check_at: null, changes: [] },
      },
    })
    render('/fleet-dashboard/profile?tab=history')
    expect(await screen.findByTestId('fmcsa-no-baseline')).toHaveTextContent(h.noBaseline)
    expect(screen.queryByTestId('fmcsa-baseline')).not.toBeInTheDocument()
  })
})
