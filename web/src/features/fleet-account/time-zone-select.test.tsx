import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { toast } from 'sonner'
import { afterEach, describe, expect, it, vi } from 'vitest'
import texts from '@contracts/texts.json'
import type { FleetAccountView } from '@/lib/fleet-account'
import { fleetAccount } from '@/test/fleet-fixtures'
import { fakeFetch, renderAt } from '@/test/render'
import { GeneralSettingsForm } from './general-settings-form'
import type { HomeZoneFields } from './time-zone'
import { US_ZONES, zoneLabel } from './time-zone'

const t = texts.fleet.settingsForm.timeZone

// Until api-types is regenerated, the fixture does not know the zone fields.
function account(zone: Required<HomeZoneFields>): FleetAccountView {
  return { ...fleetAccount(), ...zone } as FleetAccountView
}

afterEach(() => {
  toast.dismiss()
  vi.unstubAllGlobals()
})

function sentBody(fetchMock: ReturnType<typeof vi.fn>): Record<string, unknown> {
  return JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body)) as Record<string, unknown>
}

describe('the home time zone select', () => {
  it('names the default from the FMCSA state and lists the US zones first', () => {
    renderAt(
      '/',
      '/',
      <GeneralSettingsForm
        account={account({ home_time_zone: 'America/Chicago', home_time_zone_source: 'fmcsa_state' })}
      />,
    )
    const select = screen.getByLabelText(t.label)
    expect(select).toHaveValue('')
    expect(within(select).getByRole('option', { name: 'Default for my address: Central (Chicago)' })).toBeInTheDocument()
    expect(screen.getByText(new RegExp(t.sourceFmcsaState.replace('.', '\\.')))).toBeInTheDocument()
    const groups = within(select).getAllByRole('group')
    expect(groups[0]).toHaveAttribute('label', t.usZones)
    const usOptions = within(groups[0]!).getAllByRole('option').map((o) => (o as HTMLOptionElement).value)
    expect(usOptions).toEqual(US_ZONES)
    expect(usOptions.slice(0, 1)).toEqual(['America/New_York'])
  })

  it('shows a chosen zone and saves another, or the default as null', async () => {
    const fetchMock = vi.fn(
      fakeFetch({
        'PUT /api/fleet/settings/general': {
          status: 200,
          body: account({ home_time_zone: 'America/Denver', home_time_zone_source: 'set' }),
        },
      }),
    )
    vi.stubGlobal('fetch', fetchMock)
    const user = userEvent.setup()
    renderAt(
      '/',
      '/',
      <GeneralSettingsForm account={account({ home_time_zone: 'America/Phoenix', home_time_zone_source: 'set' })} />,
    )
    const select = screen.getByLabelText(t.label)
    expect(select).toHaveValue('America/Phoenix')
    expect(screen.getByText(new RegExp(t.sourceSet.replace('.', '\\.')))).toBeInTheDocument()
    expect(within(select).getByRole('option', { name: t.useDefaultPlain })).toBeInTheDocument()

    await user.selectOptions(select, zoneLabel('America/Denver'))
    await user.click(screen.getByRole('button', { name: texts.fleet.save }))
    expect(await screen.findByText(texts.fleet.generalSaved)).toBeInTheDocument()
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1))
    expect(sentBody(fetchMock).home_time_zone).toBe('America/Denver')

    await user.selectOptions(select, t.useDefaultPlain)
    await user.click(screen.getByRole('button', { name: texts.fleet.save }))
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2))
    expect(JSON.parse(String(fetchMock.mock.calls[1]?.[1]?.body)).home_time_zone).toBeNull()
  })

  it('keeps a stored zone outside the lists and shows the server refusal under the select', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        fakeFetch({
          'PUT /api/fleet/settings/general': {
            status: 422,
            body: { error: { code: 'validation', message: 'Invalid', fields: { home_time_zone: t.unknown } } },
          },
        }),
      ),
    )
    const user = userEvent.setup()
    renderAt('/', '/', <GeneralSettingsForm account={account({ home_time_zone: 'US/Eastern', home_time_zone_source: 'set' })} />)
    const select = screen.getByLabelText(t.label)
    expect(select).toHaveValue('US/Eastern')
    await user.click(screen.getByRole('button', { name: texts.fleet.save }))
    expect(await screen.findByText(t.unknown)).toBeInTheDocument()
    expect(select).toHaveAttribute('aria-invalid', 'true')
  })

  it('says when no state gave a zone', () => {
    renderAt(
      '/',
      '/',
      <GeneralSettingsForm account={account({ home_time_zone: 'America/Chicago', home_time_zone_source: 'default' })} />,
    )
    expect(screen.getByText(new RegExp(t.sourceDefault.slice(0, 20)))).toBeInTheDocument()
  })
})
