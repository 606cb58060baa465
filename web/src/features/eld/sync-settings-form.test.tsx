import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { toast } from 'sonner'
import { afterEach, describe, expect, it, vi } from 'vitest'
import texts from '@contracts/texts.json'
import { eldView, integration } from '@/test/eld-fixtures'
import { stubFetch } from '@/test/fleet-fixtures'
import { renderAt } from '@/test/render'
import EldIntegrationTab from './eld-integration-tab'

const e = texts.eld

afterEach(() => {
  toast.dismiss()
  vi.unstubAllGlobals()
})

async function openSettings() {
  const user = userEvent.setup()
  renderAt('/', '/', <EldIntegrationTab />)
  await user.click(await screen.findByRole('tab', { name: e.tabs.settings }))
  return user
}

describe('Sync Settings', () => {
  it('needs a connection first', async () => {
    stubFetch({ 'GET /api/fleet/eld': { status: 200, body: eldView() } })
    await openSettings()

    expect(screen.getByText(e.settingsNeedConnection)).toBeInTheDocument()
    expect(screen.getByLabelText(e.frequencies.daily)).toBeDisabled()
    expect(screen.getByLabelText(e.dataKinds.drivers)).toBeDisabled()
    expect(screen.getByRole('button', { name: e.saveSettings })).toBeDisabled()
  })

  it('starts daily with all data and saves the choice', async () => {
    const fetchMock = stubFetch({
      'GET /api/fleet/eld': { status: 200, body: eldView({ integration: integration() }) },
      'PUT /api/fleet/eld/settings': (_url, init) => ({ status: 200, body: JSON.parse(String(init?.body)) }),
    })
    const user = await openSettings()

    expect(screen.queryByText(e.settingsNeedConnection)).not.toBeInTheDocument()
    expect(screen.getByRole('group', { name: e.frequency })).toBeInTheDocument()
    expect(screen.getByLabelText(e.frequencies.daily)).toBeChecked()
    for (const kind of ['drivers', 'trucks', 'trailers'] as const) {
      expect(screen.getByLabelText(e.dataKinds[kind])).toBeChecked()
    }

    await user.click(screen.getByLabelText(e.frequencies.weekly))
    await user.click(screen.getByLabelText(e.dataKinds.trailers))
    await user.click(screen.getByRole('button', { name: e.saveSettings }))

    expect(await screen.findByText(e.settingsSaved)).toBeInTheDocument()
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT')
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({ frequency: 'weekly', drivers: true, trucks: true, trailers: false })
    expect(screen.getByLabelText(e.frequencies.weekly)).toBeChecked()
  })

  it("shows the server's message when the connection is gone", async () => {
    stubFetch({
      'GET /api/fleet/eld': { status: 200, body: eldView({ integration: integration() }) },
      'PUT /api/fleet/eld/settings': {
        status: 409,
        body: { error: { code: 'eld_not_connected', message: e.integrationNotFound } },
      },
    })
    const user = await openSettings()

    await user.click(screen.getByRole('button', { name: e.saveSettings }))

    expect(await screen.findByText('ELD Integration Not Found')).toBeInTheDocument()
    expect(screen.getByText('Please set up your ELD integration first')).toBeInTheDocument()
  })
})
