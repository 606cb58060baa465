import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { toast } from 'sonner'
import { afterEach, describe, expect, it, vi } from 'vitest'
import texts from '@contracts/texts.json'
import { fleetAccount } from '@/test/fleet-fixtures'
import { fakeFetch, renderAt } from '@/test/render'
import { SecuritySettingsForm } from './security-settings-form'
import { sessionTimeoutError } from './settings-schemas'

afterEach(() => {
  toast.dismiss()
  vi.unstubAllGlobals()
})

describe('sessionTimeoutError', () => {
  it('accepts whole minutes from 15 to 1440', () => {
    expect(sessionTimeoutError('15')).toBeNull()
    expect(sessionTimeoutError('60')).toBeNull()
    expect(sessionTimeoutError('1440')).toBeNull()
  })

  it('rejects values below 15, above 1440 and non-numbers', () => {
    expect(sessionTimeoutError('14')).toBe(texts.fleet.sessionTimeoutMin)
    expect(sessionTimeoutError('0')).toBe(texts.fleet.sessionTimeoutMin)
    expect(sessionTimeoutError('1441')).toBe(texts.fleet.sessionTimeoutMax)
    expect(sessionTimeoutError('')).toBe(texts.fleet.settingsForm.sessionTimeoutInvalid)
    expect(sessionTimeoutError('20.5')).toBe(texts.fleet.settingsForm.sessionTimeoutInvalid)
  })
})

describe('security settings form', () => {
  it('defaults to 60, validates on the client and saves a number', async () => {
    const fetchMock = vi.fn(
      fakeFetch({
        'PUT /api/fleet/settings/security': {
          status: 200,
          body: fleetAccount({ security: { session_timeout_minutes: 30 } }),
        },
      }),
    )
    vi.stubGlobal('fetch', fetchMock)
    const user = userEvent.setup()
    renderAt('/', '/', <SecuritySettingsForm account={fleetAccount()} />)

    const input = screen.getByLabelText(texts.fleet.sessionTimeout)
    expect(input).toHaveValue(60)
    expect(input).toHaveAttribute('min', '15')

    await user.clear(input)
    await user.type(input, '10')
    await user.click(screen.getByRole('button', { name: texts.fleet.save }))
    expect(await screen.findByText(texts.fleet.sessionTimeoutMin)).toBeInTheDocument()
    expect(fetchMock).not.toHaveBeenCalled()

    await user.clear(input)
    await user.type(input, '30')
    await user.click(screen.getByRole('button', { name: texts.fleet.save }))
    expect(await screen.findByText(texts.fleet.securitySaved)).toBeInTheDocument()
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(1))
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toEqual({ session_timeout_minutes: 30 })
  })

  it('shows the server message under the input', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        fakeFetch({
          'PUT /api/fleet/settings/security': {
            status: 422,
            body: {
              error: {
                code: 'validation',
                message: 'Invalid',
                fields: { session_timeout_minutes: 'Session timeout must be at least 15 minutes' },
              },
            },
          },
        }),
      ),
    )
    const user = userEvent.setup()
    renderAt('/', '/', <SecuritySettingsForm account={fleetAccount()} />)
    await user.click(screen.getByRole('button', { name: texts.fleet.save }))
    expect(await screen.findByText('Session timeout must be at least 15 minutes')).toBeInTheDocument()
  })
})
