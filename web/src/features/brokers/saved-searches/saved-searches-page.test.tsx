import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { toast } from 'sonner'
import { afterEach, describe, expect, it, vi } from 'vitest'
import texts from '@contracts/texts.json'
import { stubFetch } from '@/test/fleet-fixtures'
import { renderAt } from '@/test/render'
import { savedSearch } from '../broker-test-fixtures'
import SavedSearchesPage from './saved-searches-page'

const t = texts.board.saved
const LIST = '/api/broker/saved-searches'

afterEach(() => {
  toast.dismiss()
  vi.unstubAllGlobals()
})

const render = () => renderAt('/broker/saved-searches', '/broker/saved-searches', <SavedSearchesPage />)

describe('saved searches', () => {
  it('says so when there are none', async () => {
    stubFetch({ [`GET ${LIST}`]: { status: 200, body: { saved_searches: [] } } })
    render()
    expect(await screen.findByText(t.empty)).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: t.title, level: 1 })).toBeInTheDocument()
  })

  it('lists each search with its criteria, a Run link and its alerts switch', async () => {
    let search = savedSearch()
    const fetchMock = stubFetch({
      [`GET ${LIST}`]: () => ({ status: 200, body: { saved_searches: [search] } }),
      [`PATCH ${LIST}/saved-1`]: () => {
        search = { ...search, alerts: false }
        return { status: 200, body: search }
      },
    })
    const ui = userEvent.setup()
    render()

    const row = within(await screen.findByRole('article', { name: 'Chicago vans' }))
    expect(row.getByText('Chicago, IL · 250 mi radius · Dry Van · to Open')).toBeInTheDocument()
    expect(row.getByRole('link', { name: /Run/ })).toHaveAttribute(
      'href',
      '/broker/board?origin=Chicago%2C+IL&radius_mi=250&equipment=van',
    )
    const alerts = row.getByRole('switch', { name: new RegExp(t.alerts) })
    expect(alerts).toHaveAttribute('aria-checked', 'true')

    await ui.click(alerts)
    await waitFor(() => expect(alerts).toHaveAttribute('aria-checked', 'false'))
    const patch = fetchMock.mock.calls.find(([, init]) => init?.method === 'PATCH')
    expect(JSON.parse(String(patch?.[1]?.body))).toEqual({ alerts: false })
  })

  it('deletes a search after confirmation', async () => {
    let deleted = false
    const fetchMock = stubFetch({
      [`GET ${LIST}`]: () => ({ status: 200, body: { saved_searches: deleted ? [] : [savedSearch()] } }),
      [`DELETE ${LIST}/saved-1`]: () => {
        deleted = true
        return { status: 204 }
      },
    })
    const ui = userEvent.setup()
    render()

    await ui.click(await screen.findByRole('button', { name: /Delete/ }))
    const confirm = await screen.findByRole('alertdialog', { name: t.deleteConfirm })
    await ui.click(within(confirm).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument())
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false)

    await ui.click(screen.getByRole('button', { name: /Delete/ }))
    await ui.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }))
    expect(await screen.findByText(t.deleted)).toBeInTheDocument()
    expect(await screen.findByText(t.empty)).toBeInTheDocument()
  })

  it('offers a retry when the list fails to load', async () => {
    let calls = 0
    stubFetch({
      [`GET ${LIST}`]: () =>
        ++calls === 1
          ? { status: 500, body: { error: { code: 'internal', message: texts.errors.generic } } }
          : { status: 200, body: { saved_searches: [] } },
    })
    const ui = userEvent.setup()
    render()
    await ui.click(await screen.findByRole('button', { name: 'Try again' }))
    expect(await screen.findByText(t.empty)).toBeInTheDocument()
  })
})
