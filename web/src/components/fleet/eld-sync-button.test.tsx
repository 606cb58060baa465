import { useQuery } from '@tanstack/react-query'
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { toast } from 'sonner'
import { afterEach, describe, expect, it, vi } from 'vitest'
import texts from '@contracts/texts.json'
import { api } from '@/lib/api-client'
import type { SyncKind, SyncRun } from '@/lib/eld'
import { queryKeys } from '@/lib/query-keys'
import { eldView, integration, syncRun } from '@/test/eld-fixtures'
import { getsOf, stubFetch } from '@/test/fleet-fixtures'
import { renderAt } from '@/test/render'
import { EldSyncButton, EldSyncProgress } from './eld-sync-button'
import { useListSync } from './use-list-sync'

const e = texts.eld

afterEach(() => {
  toast.dismiss()
  vi.unstubAllGlobals()
})

/** Stands in for the trucks list: refetched when a truck sync ends. */
function TrucksProbe() {
  const trucks = useQuery({ queryKey: [...queryKeys.fleet.trucks, 'probe'], queryFn: () => api.get('/api/fleet/trucks') })
  return <p>{trucks.isSuccess ? 'trucks loaded' : 'trucks loading'}</p>
}

/** A list screen's sync: its button and its progress line. */
function ListSyncProbe({ kind, label }: { kind: SyncKind; label: string }) {
  const sync = useListSync(kind)
  return (
    <>
      <EldSyncButton sync={sync} label={label} />
      <EldSyncProgress sync={sync} />
    </>
  )
}

function render(kind: SyncKind, label: string) {
  return renderAt(
    '/',
    '/',
    <>
      <ListSyncProbe kind={kind} label={label} />
      <TrucksProbe />
    </>,
  )
}

/** A server whose run answers `polls` in turn (the last one repeats). */
function syncServer(kind: SyncKind, polls: Partial<SyncRun>[], eld = eldView({ integration: integration() })) {
  let poll = 0
  const posts: unknown[] = []
  const fetchMock = stubFetch({
    'GET /api/fleet/eld': { status: 200, body: eld },
    'GET /api/fleet/trucks': { status: 200, body: [] },
    'POST /api/fleet/eld/syncs': (_url, init) => {
      posts.push(JSON.parse(String(init?.body)))
      return { status: 202, body: syncRun({ kind }) }
    },
    'GET /api/fleet/eld/syncs/run-1': () => {
      const answer = polls[Math.min(poll, polls.length - 1)]
      poll += 1
      return { status: 200, body: syncRun({ kind, ...answer }) }
    },
  })
  return { fetchMock, posts }
}

describe('ELD sync button', () => {
  it('starts a truck sync, shows its progress, toasts the count and refreshes the lists', async () => {
    const { fetchMock, posts } = syncServer('trucks', [
      { status: 'running', pages_fetched: 2, rows_written: 40 },
      { status: 'succeeded', pages_fetched: 3, rows_written: 61, synced: 12 },
    ])
    const user = userEvent.setup()
    render('trucks', texts.fleet.syncFromEld)
    expect(await screen.findByText('trucks loaded')).toBeInTheDocument()
    const button = screen.getByRole('button', { name: texts.fleet.syncFromEld })

    await user.click(button)

    const progress = await screen.findByText('Syncing... 2 pages fetched, 40 rows written')
    expect(progress).toHaveAttribute('aria-live', 'polite')
    expect(button).toHaveAccessibleDescription('Syncing... 2 pages fetched, 40 rows written')
    expect(button).toBeDisabled()
    expect(posts).toEqual([{ kind: 'trucks' }])

    expect(await screen.findByText('Successfully synced 12 vehicles', {}, { timeout: 3000 })).toBeInTheDocument()
    await waitFor(() => expect(button).toBeEnabled())
    expect(screen.queryByText(/Syncing\.\.\./)).not.toBeInTheDocument()
    await waitFor(() => expect(getsOf(fetchMock, '/api/fleet/trucks')).toHaveLength(2))
  })

  it('toasts the trailers synced and the assignments updated', async () => {
    syncServer('trailers', [{ status: 'succeeded', synced: 7, assignments_updated: 5 }])
    const user = userEvent.setup()
    render('trailers', texts.fleet.syncTrailers)

    await user.click(await screen.findByRole('button', { name: texts.fleet.syncTrailers }))

    expect(await screen.findByText('Trailers Synced Successfully')).toBeInTheDocument()
    expect(screen.getByText('7 trailers synchronized from your ELD provider')).toBeInTheDocument()
    expect(await screen.findByText('Assignments Updated')).toBeInTheDocument()
    expect(screen.getByText('Updated 5 trailer assignments')).toBeInTheDocument()
  })

  it('warns when the trailer assignments could not be updated', async () => {
    syncServer('trailers', [{ status: 'succeeded', synced: 7, warning: 'assignments endpoint timed out' }])
    const user = userEvent.setup()
    render('trailers', texts.fleet.syncTrailers)

    await user.click(await screen.findByRole('button', { name: texts.fleet.syncTrailers }))

    expect(await screen.findByText('Assignment Sync Warning')).toBeInTheDocument()
    expect(screen.getByText('Trailers synced, but there was an issue updating trailer assignments')).toBeInTheDocument()
    expect(screen.queryByText('Assignments Updated')).not.toBeInTheDocument()
  })

  it('names the provider in the drivers toast', async () => {
    syncServer('drivers', [{ status: 'succeeded', synced: 14 }])
    const user = userEvent.setup()
    render('drivers', texts.fleet.syncDrivers)

    await user.click(await screen.findByRole('button', { name: texts.fleet.syncDrivers }))

    expect(await screen.findByText('Drivers synced successfully')).toBeInTheDocument()
    expect(screen.getByText('Updated 14 drivers from Samsara.')).toBeInTheDocument()
  })

  it.each([
    ['trucks', texts.fleet.syncFromEld, 'Failed to sync vehicles', 'Samsara answered 500'],
    ['trailers', texts.fleet.syncTrailers, 'Sync Failed', 'Failed to sync trailers: Samsara answered 500'],
    ['drivers', texts.fleet.syncDrivers, e.driversSyncFailed, 'Samsara answered 500'],
  ] as const)('toasts a failed %s sync', async (kind, label, title, description) => {
    syncServer(kind, [{ status: 'failed', error: 'Samsara answered 500' }])
    const user = userEvent.setup()
    render(kind, label)
    const button = await screen.findByRole('button', { name: label })

    await user.click(button)

    expect(await screen.findByText(title)).toBeInTheDocument()
    expect(screen.getByText(description)).toBeInTheDocument()
    await waitFor(() => expect(button).toBeEnabled())
  })

  it("shows the server's not-connected message when the fleet has no ELD", async () => {
    const fetchMock = stubFetch({
      'GET /api/fleet/eld': { status: 200, body: eldView() },
      'GET /api/fleet/trucks': { status: 200, body: [] },
      'POST /api/fleet/eld/syncs': {
        status: 409,
        body: { error: { code: 'eld_not_connected', message: e.driversNotConnected } },
      },
    })
    const user = userEvent.setup()
    render('drivers', texts.fleet.syncDrivers)
    const button = await screen.findByRole('button', { name: texts.fleet.syncDrivers })

    await user.click(button)

    expect(await screen.findByText('ELD not connected')).toBeInTheDocument()
    expect(screen.getByText('Please connect an ELD provider in Company Settings first.')).toBeInTheDocument()
    expect(button).toBeEnabled()
    expect(getsOf(fetchMock, '/api/fleet/eld/syncs/run-1')).toHaveLength(0)
  })

  it('shows the trucks message of a 409 as the server words it', async () => {
    stubFetch({
      'GET /api/fleet/eld': { status: 200, body: eldView() },
      'GET /api/fleet/trucks': { status: 200, body: [] },
      'POST /api/fleet/eld/syncs': {
        status: 409,
        body: { error: { code: 'eld_not_connected', message: e.trucksNotConfigured } },
      },
    })
    const user = userEvent.setup()
    render('trucks', texts.fleet.syncFromEld)

    await user.click(await screen.findByRole('button', { name: texts.fleet.syncFromEld }))

    expect(await screen.findByText(e.trucksNotConfigured)).toBeInTheDocument()
  })

  it('picks up a run already going when the page opens', async () => {
    const running = syncRun({ kind: 'trucks', status: 'queued' })
    const { posts } = syncServer(
      'trucks',
      [{ status: 'queued' }, { status: 'succeeded', synced: 3 }],
      eldView({ integration: integration(), running: [running] }),
    )
    render('trucks', texts.fleet.syncFromEld)

    expect(await screen.findByText(e.syncQueued)).toBeInTheDocument()
    expect(screen.getByRole('button', { name: texts.fleet.syncFromEld })).toBeDisabled()
    expect(await screen.findByText('Successfully synced 3 vehicles', {}, { timeout: 3000 })).toBeInTheDocument()
    await waitFor(() => expect(screen.getByRole('button', { name: texts.fleet.syncFromEld })).toBeEnabled())
    expect(posts).toHaveLength(0)
  })
})
