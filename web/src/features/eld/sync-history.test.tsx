import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import texts from '@contracts/texts.json'
import { eldView, integration, syncRun } from '@/test/eld-fixtures'
import { getsOf, stubFetch } from '@/test/fleet-fixtures'
import { renderAt } from '@/test/render'
import EldIntegrationTab from './eld-integration-tab'

const e = texts.eld
const col = texts.eld.historyColumns

afterEach(() => {
  vi.unstubAllGlobals()
})

const history = (items: ReturnType<typeof syncRun>[], total = items.length, page = 1) => ({
  items,
  total,
  page,
  per_page: 20,
})

async function openHistory() {
  const user = userEvent.setup()
  renderAt('/', '/', <EldIntegrationTab />)
  await user.click(await screen.findByRole('tab', { name: e.tabs.history }))
  return user
}

describe('Sync History', () => {
  it('says when there are no runs yet', async () => {
    stubFetch({
      'GET /api/fleet/eld': { status: 200, body: eldView({ integration: integration() }) },
      'GET /api/fleet/eld/syncs': { status: 200, body: history([]) },
    })
    await openHistory()

    expect(await screen.findByText(e.historyEmpty)).toBeInTheDocument()
    expect(screen.queryByRole('table')).not.toBeInTheDocument()
  })

  it('lists runs newest first with times, counts, statuses and errors, and pages', async () => {
    const fetchMock = stubFetch({
      'GET /api/fleet/eld': { status: 200, body: eldView({ integration: integration() }) },
      'GET /api/fleet/eld/syncs': (url) =>
        url.searchParams.get('page') === '2'
          ? { status: 200, body: history([syncRun({ id: 'run-21', kind: 'import', status: 'succeeded' })], 21, 2) }
          : {
              status: 200,
              body: history(
                [
                  syncRun({
                    id: 'run-3',
                    kind: 'trailers',
                    trigger: 'schedule',
                    status: 'succeeded',
                    started_at: '2025-01-05T15:04:00',
                    finished_at: '2025-01-05T15:06:00',
                    created: 4,
                    updated: 11,
                    deactivated: 1,
                    warning: 'Trailer assignments could not be read',
                  }),
                  syncRun({
                    id: 'run-2',
                    kind: 'drivers',
                    trigger: 'schedule',
                    incremental: true,
                    status: 'failed',
                    started_at: '2025-01-05T09:30:00',
                    finished_at: '2025-01-05T09:31:00',
                    error: 'Samsara refused the key: 401 Unauthorized',
                  }),
                ],
                21,
              ),
            },
    })
    const user = await openHistory()

    const table = await screen.findByRole('table')
    const headers = within(table).getAllByRole('columnheader').map((cell) => cell.textContent)
    expect(headers).toEqual([col.kind, col.trigger, col.started, col.finished, col.created, col.updated, col.deactivated, col.status, col.error])
    const [, first, second] = within(table).getAllByRole('row')
    expect(within(first).getAllByRole('cell').map((cell) => cell.textContent)).toEqual([
      'Trailers',
      'Schedule',
      'Jan 5, 2025, 3:04 PM',
      'Jan 5, 2025, 3:06 PM',
      '4',
      '11',
      '1',
      'Succeeded',
      'Warning: Trailer assignments could not be read',
    ])
    expect(within(second).getByText('Drivers')).toBeInTheDocument()
    expect(within(second).getByText(`${e.triggers.schedule} (${e.changesOnly})`)).toBeInTheDocument()
    expect(within(second).getByText('Failed')).toBeInTheDocument()
    expect(within(second).getByText('Samsara refused the key: 401 Unauthorized')).toBeInTheDocument()
    expect(getsOf(fetchMock, '/api/fleet/eld/syncs')[0].searchParams.get('per_page')).toBe('20')

    await user.click(screen.getByRole('button', { name: texts.fleet.assets.next }))
    expect(await within(screen.getByRole('table')).findByText(e.importKind)).toBeInTheDocument()
    expect(getsOf(fetchMock, '/api/fleet/eld/syncs').at(-1)?.searchParams.get('page')).toBe('2')
  })

  it('refreshes every 2 seconds while a run is going', async () => {
    let calls = 0
    const fetchMock = stubFetch({
      'GET /api/fleet/eld': { status: 200, body: eldView({ integration: integration() }) },
      'GET /api/fleet/eld/syncs': () => {
        calls += 1
        const run =
          calls === 1
            ? syncRun({ status: 'running', started_at: '2025-01-05T15:04:00' })
            : syncRun({ status: 'succeeded', started_at: '2025-01-05T15:04:00', finished_at: '2025-01-05T15:05:00' })
        return { status: 200, body: history([run]) }
      },
    })
    await openHistory()

    expect(await within(await screen.findByRole('table')).findByText(e.statuses.running)).toBeInTheDocument()
    expect(await within(screen.getByRole('table')).findByText(e.statuses.succeeded, {}, { timeout: 3500 })).toBeInTheDocument()
    await new Promise((resolve) => setTimeout(resolve, 2200))
    await waitFor(() => expect(getsOf(fetchMock, '/api/fleet/eld/syncs')).toHaveLength(2))
  })

  it('shows a failed load with a retry', async () => {
    let fail = true
    stubFetch({
      'GET /api/fleet/eld': { status: 200, body: eldView() },
      'GET /api/fleet/eld/syncs': () =>
        fail ? { status: 500, body: { error: { code: 'internal', message: 'Something went wrong' } } } : { status: 200, body: history([]) },
    })
    const user = await openHistory()

    expect(await screen.findByText(e.historyLoadFailed)).toBeInTheDocument()
    fail = false
    await user.click(screen.getByRole('button', { name: texts.fleet.assets.retry }))
    expect(await screen.findByText(e.historyEmpty)).toBeInTheDocument()
  })
})
