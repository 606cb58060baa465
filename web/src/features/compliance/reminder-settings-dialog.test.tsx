import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { toast } from 'sonner'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import texts from '@contracts/texts.json'
import { stubFetch } from '@/test/fleet-fixtures'
import { renderAt } from '@/test/render'
import { complianceSettings } from './compliance-test-fixtures'
import { ReminderSettingsDialog } from './reminder-settings-dialog'

const s = texts.compliance.reminders
const SETTINGS = '/api/fleet/compliance/settings'

beforeEach(() => {
  // Radix's checkbox measures itself; jsdom has no ResizeObserver.
  vi.stubGlobal('ResizeObserver', class { observe() {} unobserve() {} disconnect() {} })
})

afterEach(() => {
  toast.dismiss()
  vi.unstubAllGlobals()
})

const onOpenChange = vi.fn()
const render = () => renderAt('/', '/', <ReminderSettingsDialog open onOpenChange={onOpenChange} />)

const putBodies = (fetchMock: ReturnType<typeof stubFetch>) =>
  fetchMock.mock.calls.filter(([, init]) => init?.method === 'PUT').map(([, init]) => JSON.parse(String(init?.body)))

describe('reminder settings', () => {
  it('shows the reminder days and recipients and saves the choices', async () => {
    const fetchMock = stubFetch({
      [`GET ${SETTINGS}`]: { status: 200, body: complianceSettings() },
      [`PUT ${SETTINGS}`]: (_url, init) => {
        const body = JSON.parse(String(init?.body)) as { thresholds: number[]; recipients: string[] }
        return {
          status: 200,
          body: complianceSettings({
            thresholds: body.thresholds,
            recipients: complianceSettings().recipients.map((r) => ({ ...r, selected: body.recipients.includes(r.id) })),
          }),
        }
      },
    })
    const user = userEvent.setup()
    render()
    const dialog = within(await screen.findByRole('dialog', { name: s.title }))

    const ninety = await dialog.findByRole('checkbox', { name: '90 days before' })
    expect(ninety).toBeChecked()
    expect(dialog.getByRole('checkbox', { name: '60 days before' })).not.toBeChecked()
    expect(dialog.getByRole('checkbox', { name: '1 day before' })).not.toBeChecked()
    expect(dialog.getByRole('checkbox', { name: 'On the day it lapses' })).toBeChecked()
    expect(dialog.getByRole('group', { name: s.recipientsLegend })).toHaveAccessibleDescription(s.recipientsHelp)
    expect(dialog.getByRole('checkbox', { name: 'Dana Owner' })).not.toBeChecked()

    await user.click(ninety)
    await user.click(dialog.getByText('1 day before'))
    await user.click(dialog.getByRole('checkbox', { name: 'Sam Dispatch' }))
    await user.click(dialog.getByRole('button', { name: s.save }))

    await waitFor(() => expect(putBodies(fetchMock)).toEqual([{ thresholds: [30, 7, 1, 0], recipients: ['admin-2'] }]))
    expect(await screen.findByText(s.saved)).toBeInTheDocument()
    expect(onOpenChange).toHaveBeenCalledWith(false)
  })

  it('says that no day means no reminders, and saves that', async () => {
    const fetchMock = stubFetch({
      [`GET ${SETTINGS}`]: { status: 200, body: complianceSettings({ thresholds: [0] }) },
      [`PUT ${SETTINGS}`]: { status: 200, body: complianceSettings({ thresholds: [] }) },
    })
    const user = userEvent.setup()
    render()
    const lapse = await screen.findByRole('checkbox', { name: 'On the day it lapses' })
    expect(screen.queryByTestId('no-thresholds')).not.toBeInTheDocument()
    await user.click(lapse)
    expect(screen.getByTestId('no-thresholds')).toHaveTextContent(s.noThresholds)
    await user.click(screen.getByRole('button', { name: s.save }))
    await waitFor(() => expect(putBodies(fetchMock)).toEqual([{ thresholds: [], recipients: [] }]))
  })

  it("shows the server's field errors", async () => {
    stubFetch({
      [`GET ${SETTINGS}`]: { status: 200, body: complianceSettings({ recipients: [{ id: 'admin-1', name: 'Dana Owner', email: 'd@x.example', selected: true }] }) },
      [`PUT ${SETTINGS}`]: {
        status: 422,
        body: {
          error: {
            code: 'validation_failed',
            message: 'Check the highlighted fields',
            fields: { recipients: texts.compliance.recipientsInvalid },
          },
        },
      },
    })
    const user = userEvent.setup()
    render()
    await user.click(await screen.findByRole('button', { name: s.save }))
    const recipients = screen.getByRole('group', { name: s.recipientsLegend })
    expect(await within(recipients).findByText(texts.compliance.recipientsInvalid)).toBeInTheDocument()
    expect(recipients).toHaveAccessibleDescription(`${s.recipientsHelp} ${texts.compliance.recipientsInvalid}`)
    expect(await screen.findByText(s.saveFailed)).toBeInTheDocument()
    expect(screen.getByRole('dialog')).toBeInTheDocument()
  })
})
