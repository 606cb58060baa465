import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import texts from '@contracts/texts.json'
import { stubFetch } from '@/test/fleet-fixtures'
import { renderAt } from '@/test/render'
import ResetPasswordPage from './reset-password-page'

const t = texts.auth

afterEach(() => vi.unstubAllGlobals())

const open = () => renderAt('/reset-password?token=tok-1', '/reset-password', <ResetPasswordPage />)

describe('the set-password page', () => {
  // Issue 29 point 27: a used link showed the form and failed only after submitting.
  it('says at once that a used or expired link is no good, with no form to fill', async () => {
    stubFetch({
      'POST /api/auth/password-reset/check': {
        status: 400,
        body: { error: { code: 'invalid_token', message: t.resetLinkInvalid } },
      },
    })
    open()

    expect(await screen.findByText(t.resetLinkInvalid)).toBeInTheDocument()
    expect(screen.getByText(t.resetLinkHelp)).toBeInTheDocument()
    expect(screen.queryByLabelText(t.newPassword)).not.toBeInTheDocument()
    expect(screen.getByRole('link', { name: t.backToSignIn })).toHaveAttribute('href', '/auth')
  })

  it('names the account a reset is for, and says it is done', async () => {
    stubFetch({
      'POST /api/auth/password-reset/check': { status: 200, body: { email: 'pat@example.com', invitation: null } },
      'POST /api/auth/password-reset/complete': {
        status: 200,
        body: { message: t.resetDone, user: null, csrf_token: null },
      },
    })
    open()

    expect(await screen.findByText('For pat@example.com')).toBeInTheDocument()
    await userEvent.type(screen.getByLabelText(t.newPassword), 'brand-new-1')
    await userEvent.click(screen.getByRole('button', { name: t.resetButton }))
    expect(await screen.findByText(t.resetDone)).toBeInTheDocument()
  })

  // Issue 29 point 24: a broker user's invitation opened the generic page.
  it('greets an invited user by brokerage and inviter, and signs them in once they choose a password', async () => {
    const fetchMock = stubFetch({
      'POST /api/auth/password-reset/check': {
        status: 200,
        body: { email: 'agent@alpha.test', invitation: { account_name: 'Alpha Brokerage', inviter: 'Ann Admin' } },
      },
      'POST /api/auth/password-reset/complete': {
        status: 200,
        body: {
          message: t.resetDone,
          csrf_token: 'csrf-1',
          user: { id: 'u-1', email: 'agent@alpha.test', first_name: null, last_name: null, role: 'broker_user', account_id: 'acc-1' },
        },
      },
    })
    open()

    expect(await screen.findByText('Join Alpha Brokerage on Longhaul')).toBeInTheDocument()
    expect(
      screen.getByText('Ann Admin invited you to Alpha Brokerage. Choose a password for agent@alpha.test to finish setting up your account.'),
    ).toBeInTheDocument()
    await userEvent.type(screen.getByLabelText(t.chooseNewPassword), 'Agent1234')
    await userEvent.click(screen.getByRole('button', { name: t.inviteButton }))
    // Signed in: on to their home, not back to the sign-in page.
    expect(await screen.findByText('elsewhere')).toBeInTheDocument()
    const complete = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/password-reset/complete'))
    expect(JSON.parse(String(complete?.[1]?.body))).toEqual({ token: 'tok-1', password: 'Agent1234' })
  })
})
