import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { toast } from 'sonner'
import { afterEach, describe, expect, it, vi } from 'vitest'
import texts from '@contracts/texts.json'
import type { EldView } from '@/lib/eld'
import { eldView, integration, syncRun } from '@/test/eld-fixtures'
import { stubFetch } from '@/test/fleet-fixtures'
import { renderAt } from '@/test/render'
import EldIntegrationTab from './eld-integration-tab'

const e = texts.eld

afterEach(() => {
  toast.dismiss()
  vi.unstubAllGlobals()
})

const render = () => renderAt('/', '/', <EldIntegrationTab />)

type FetchMock = ReturnType<typeof stubFetch>

function connectionPuts(fetchMock: FetchMock): unknown[] {
  return fetchMock.mock.calls
    .filter(([input, init]) => init?.method === 'PUT' && String(input) === '/api/fleet/eld/connection')
    .map(([, init]) => JSON.parse(String(init?.body)))
}

const connected = (overrides: Parameters<typeof integration>[0] = {}): EldView =>
  eldView({ integration: integration(overrides) })

describe('Connect ELD', () => {
  it('asks for a provider and a key, shows Connecting... and then the connection', async () => {
    let release: () => void = () => {}
    const gate = new Promise<void>((resolve) => {
      release = resolve
    })
    const fetchMock = stubFetch({ 'GET /api/fleet/eld': { status: 200, body: eldView() } })
    const routes = fetchMock.getMockImplementation()!
    fetchMock.mockImplementation(async (input, init) => {
      if (init?.method === 'PUT') {
        await gate
        return new Response(JSON.stringify(connected({ key_hint: '3456' })), { status: 201 })
      }
      return routes(input, init)
    })
    const user = userEvent.setup()
    render()

    expect(await screen.findByRole('heading', { name: e.connectTitle })).toBeInTheDocument()
    expect(screen.queryByText(/Connected to/)).not.toBeInTheDocument()
    expect(screen.getByRole('tab', { name: e.tabs.connect })).toHaveAttribute('aria-selected', 'true')

    await user.click(screen.getByRole('button', { name: e.connectButton }))
    expect(await screen.findByText('Missing Information')).toBeInTheDocument()
    expect(screen.getByText('Please select a provider and enter an API key.')).toBeInTheDocument()

    await user.selectOptions(screen.getByLabelText(e.provider), 'Samsara')
    const key = screen.getByLabelText(e.apiKey)
    expect(key).toHaveAttribute('type', 'password')
    expect(screen.getByText('Create an API token under Settings › API Tokens.')).toBeInTheDocument()
    toast.dismiss()
    await user.click(screen.getByRole('button', { name: e.connectButton }))
    expect(await screen.findByText('Missing Information')).toBeInTheDocument()
    expect(key).toHaveAttribute('aria-invalid', 'true')
    expect(connectionPuts(fetchMock)).toHaveLength(0)

    await user.type(key, 'sk-live-123456')
    await user.click(screen.getByRole('button', { name: e.showApiKey }))
    expect(key).toHaveAttribute('type', 'text')
    await user.click(screen.getByRole('button', { name: e.hideApiKey }))
    expect(key).toHaveAttribute('type', 'password')

    await user.click(screen.getByRole('button', { name: e.connectButton }))
    expect(await screen.findByRole('button', { name: e.connecting })).toBeDisabled()
    release()

    expect(await screen.findByText(e.connectionSuccessfulTitle)).toBeInTheDocument()
    expect(screen.getByText(e.connectionSuccessfulText)).toBeInTheDocument()
    expect(connectionPuts(fetchMock)).toEqual([{ provider: 'samsara', api_key: 'sk-live-123456' }])
    expect(screen.getByRole('heading', { name: e.updateTitle })).toBeInTheDocument()
    expect(screen.getByText('Connected to Samsara')).toBeInTheDocument()
    expect(screen.getByText('Saved key ending in 3456. Enter a new key to replace it.')).toBeInTheDocument()
    expect(screen.getByLabelText(e.apiKey)).toHaveValue('')
    expect(screen.getByRole('button', { name: e.updateButton })).toBeEnabled()
  })

  it('keeps a saved key when the field is left empty, and shows when the key needs attention', async () => {
    const fetchMock = stubFetch({
      'GET /api/fleet/eld': {
        status: 200,
        body: connected({ needs_attention: true, attention_reason: '401 Unauthorized' }),
      },
      'PUT /api/fleet/eld/connection': { status: 200, body: connected() },
    })
    const user = userEvent.setup()
    render()

    expect(await screen.findByRole('heading', { name: e.updateTitle })).toBeInTheDocument()
    expect(screen.getByText('Connected to Samsara')).toBeInTheDocument()
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Needs attention: Samsara refused the saved key (401 Unauthorized). Scheduled syncs are paused until you update the key.',
    )
    expect(screen.getByLabelText(e.provider)).toHaveValue('samsara')
    expect(screen.getByLabelText(e.apiKey)).toHaveValue('')
    expect(screen.getByLabelText(e.apiKey)).toHaveAccessibleDescription(
      'Saved key ending in x9Q2. Enter a new key to replace it.',
    )

    await user.click(screen.getByRole('button', { name: e.updateButton }))
    expect(await screen.findByText(e.connectionSuccessfulTitle)).toBeInTheDocument()
    expect(connectionPuts(fetchMock)).toEqual([{ provider: 'samsara' }])
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument())
  })

  it("toasts Connection Failed with the provider's reason", async () => {
    stubFetch({
      'GET /api/fleet/eld': { status: 200, body: eldView() },
      'PUT /api/fleet/eld/connection': {
        status: 422,
        body: { error: { code: 'connection_failed', message: 'Samsara refused the key: 401 Unauthorized' } },
      },
    })
    const user = userEvent.setup()
    render()

    await user.selectOptions(await screen.findByLabelText(e.provider), 'samsara')
    await user.type(screen.getByLabelText(e.apiKey), 'bad-key')
    await user.click(screen.getByRole('button', { name: e.connectButton }))

    expect(await screen.findByText(e.connectionFailed)).toBeInTheDocument()
    expect(screen.getByText('Samsara refused the key: 401 Unauthorized')).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: e.connectTitle })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: e.connectButton })).toBeEnabled()
  })

  it("shows the server's missing-information answer like the client's", async () => {
    stubFetch({
      'GET /api/fleet/eld': { status: 200, body: eldView() },
      'PUT /api/fleet/eld/connection': {
        status: 422,
        body: { error: { code: 'invalid', message: e.missingInformation, fields: { api_key: 'required' } } },
      },
    })
    const user = userEvent.setup()
    render()

    await user.selectOptions(await screen.findByLabelText(e.provider), 'samsara')
    await user.type(screen.getByLabelText(e.apiKey), '   x')
    await user.click(screen.getByRole('button', { name: e.connectButton }))

    expect(await screen.findByText('Missing Information')).toBeInTheDocument()
    expect(screen.getByLabelText(e.apiKey)).toHaveAttribute('aria-invalid', 'true')
  })
})

describe('Connect ELD providers', () => {
  it('asks Geotab for server, database, user name and password', async () => {
    const fetchMock = stubFetch({
      'GET /api/fleet/eld': { status: 200, body: eldView() },
      'PUT /api/fleet/eld/connection': {
        status: 201,
        body: connected({
          provider: 'geotab',
          provider_label: 'Geotab',
          key_hint: null,
          geotab: { server: 'my.geotab.com', database: 'blueridge', user_name: 'ops@blueridge.example' },
        }),
      },
    })
    const user = userEvent.setup()
    render()

    await user.selectOptions(await screen.findByLabelText(e.provider), 'geotab')
    expect(screen.queryByLabelText(e.apiKey)).not.toBeInTheDocument()
    expect(screen.getByLabelText(e.geotabServer)).toHaveValue('my.geotab.com')
    expect(screen.getByLabelText(e.geotabPassword)).toHaveAttribute('type', 'password')

    await user.type(screen.getByLabelText(e.geotabDatabase), 'blueridge')
    await user.click(screen.getByRole('button', { name: e.connectButton }))
    expect(await screen.findByText('Please enter the server, database, user name and password.')).toBeInTheDocument()
    expect(screen.getByLabelText(e.geotabUserName)).toHaveAttribute('aria-invalid', 'true')
    expect(connectionPuts(fetchMock)).toHaveLength(0)

    await user.type(screen.getByLabelText(e.geotabUserName), 'ops@blueridge.example')
    await user.type(screen.getByLabelText(e.geotabPassword), 'hunter22')
    await user.click(screen.getByRole('button', { name: e.connectButton }))

    expect(await screen.findByText(e.connectionSuccessfulTitle)).toBeInTheDocument()
    expect(connectionPuts(fetchMock)).toEqual([
      {
        provider: 'geotab',
        geotab: {
          server: 'my.geotab.com',
          database: 'blueridge',
          user_name: 'ops@blueridge.example',
          password: 'hunter22',
        },
      },
    ])
    expect(screen.getByText('Connected to Geotab')).toBeInTheDocument()
    expect(screen.getByLabelText(e.geotabDatabase)).toHaveValue('blueridge')
    expect(screen.getByLabelText(e.geotabPassword)).toHaveValue('')
  })

  it('connects the demo provider with no credentials', async () => {
    const fetchMock = stubFetch({
      'GET /api/fleet/eld': { status: 200, body: eldView() },
      'PUT /api/fleet/eld/connection': {
        status: 201,
        body: connected({ provider: 'demo', provider_label: 'Demo ELD', key_hint: null, is_demo: true }),
      },
    })
    const user = userEvent.setup()
    render()

    await user.selectOptions(await screen.findByLabelText(e.provider), 'demo')
    expect(screen.getByText(e.demoProviderNotice)).toBeInTheDocument()
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument()
    expect(screen.queryByLabelText(e.apiKey)).not.toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: e.connectButton }))
    expect(await screen.findByText('Connected to Demo ELD')).toBeInTheDocument()
    expect(connectionPuts(fetchMock)).toEqual([{ provider: 'demo' }])
  })

  it('says Omnitracs is for partners only and cannot be connected', async () => {
    const fetchMock = stubFetch({ 'GET /api/fleet/eld': { status: 200, body: eldView() } })
    const user = userEvent.setup()
    render()

    await user.selectOptions(await screen.findByLabelText(e.provider), 'omnitracs')
    expect(screen.getByText(e.omnitracsPartnerOnly)).toBeInTheDocument()
    expect(screen.queryByLabelText(e.apiKey)).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: e.connectButton })).toBeDisabled()
    expect(connectionPuts(fetchMock)).toHaveLength(0)
  })

  it('imports a CSV file for Other and lists the rows it could not take', async () => {
    const fetchMock = stubFetch({
      'GET /api/fleet/eld': { status: 200, body: eldView() },
      'POST /api/fleet/eld/import': {
        status: 200,
        body: {
          run: syncRun({ kind: 'import', status: 'succeeded', created: 12, updated: 3 }),
          errors: [
            { row: 4, field: 'vin', message: 'VIN must be 17 characters' },
            { row: 9, field: 'kind', message: 'Unknown kind "bus"' },
          ],
        },
      },
    })
    const user = userEvent.setup()
    render()

    await user.selectOptions(await screen.findByLabelText(e.provider), 'other')
    expect(screen.queryByLabelText(e.apiKey)).not.toBeInTheDocument()
    expect(screen.getByRole('heading', { name: e.csvImportTitle })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: e.csvTemplate })).toHaveAttribute('href', '/api/fleet/eld/import/template')
    const importButton = screen.getByRole('button', { name: e.csvUpload })
    expect(importButton).toBeDisabled()

    const file = new File(['kind,name\ntruck,Unit 1\n'], 'fleet.csv', { type: 'text/csv' })
    await user.upload(screen.getByLabelText(e.csvFile), file)
    await user.click(importButton)

    expect(await screen.findByText('Imported: 12 created, 3 updated.')).toBeInTheDocument()
    const rows = within(screen.getByRole('region', { name: e.csvErrorsTitle })).getAllByRole('listitem')
    expect(rows.map((row) => row.textContent)).toEqual([
      'Row 4, vin: VIN must be 17 characters',
      'Row 9, kind: Unknown kind "bus"',
    ])
    const [, init] = fetchMock.mock.calls.find(([, request]) => request?.method === 'POST')!
    expect((init?.body as FormData).get('file')).toBeInstanceOf(File)
  })

  it('shows why a CSV file was refused', async () => {
    stubFetch({
      'GET /api/fleet/eld': { status: 200, body: eldView() },
      'POST /api/fleet/eld/import': {
        status: 422,
        body: { error: { code: 'invalid_csv', message: 'The file has no header row' } },
      },
    })
    const user = userEvent.setup()
    render()

    await user.selectOptions(await screen.findByLabelText(e.provider), 'other')
    await user.upload(screen.getByLabelText(e.csvFile), new File([''], 'empty.csv', { type: 'text/csv' }))
    await user.click(screen.getByRole('button', { name: e.csvUpload }))

    expect(await screen.findByRole('alert')).toHaveTextContent('The file has no header row')
  })
})

describe('ELD Integration tab', () => {
  it('shows a failed load with a retry', async () => {
    let fail = true
    stubFetch({
      'GET /api/fleet/eld': () =>
        fail
          ? { status: 500, body: { error: { code: 'internal', message: 'Something went wrong' } } }
          : { status: 200, body: eldView() },
    })
    const user = userEvent.setup()
    render()

    expect(await screen.findByText(e.loadFailed)).toBeInTheDocument()
    fail = false
    await user.click(screen.getByRole('button', { name: texts.fleet.assets.retry }))
    expect(await screen.findByRole('heading', { name: e.connectTitle })).toBeInTheDocument()
  })
})
