import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import texts from '@contracts/texts.json'
import { fakeFetch, renderAt } from '@/test/render'
import AuthPage from './auth-page'

const anonymous = { status: 200, body: { user: null, csrf_token: 'csrf-anon' } }

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(
      fakeFetch({
        'GET /api/auth/session': anonymous,
        'POST /api/auth/sign-in': {
          status: 401,
          body: { error: { code: 'invalid_credentials', message: texts.auth.invalidCredentials } },
        },
        'POST /api/auth/confirm-email': {
          status: 400,
          body: { error: { code: 'invalid_token', message: 'bad token' } },
        },
      }),
    ),
  )
})

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('AuthPage error banner', () => {
  it('shows the server message after a failed sign-in and clears it when a field changes', async () => {
    const user = userEvent.setup()
    renderAt('/auth', '/auth', <AuthPage />)

    await user.type(await screen.findByLabelText(texts.auth.email), 'driver@example.com')
    await user.type(screen.getByLabelText(texts.auth.password), 'wrong-password')
    await user.click(screen.getByRole('button', { name: texts.auth.signInTab }))

    const banner = await screen.findByRole('alert')
    expect(banner).toHaveTextContent(texts.auth.invalidCredentials)

    await user.type(screen.getByLabelText(texts.auth.password), 'x')
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })

  // Issue 29 point 27: signing in before confirming silently sent a second confirmation e-mail.
  it('says a new confirmation link was sent when the account is not confirmed yet', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        fakeFetch({
          'GET /api/auth/session': anonymous,
          'POST /api/auth/sign-in': {
            status: 403,
            body: { error: { code: 'email_not_confirmed', message: texts.auth.emailNotConfirmed } },
          },
        }),
      ),
    )
    const user = userEvent.setup()
    renderAt('/auth', '/auth', <AuthPage />)

    await user.type(await screen.findByLabelText(texts.auth.email), 'new@example.com')
    await user.type(screen.getByLabelText(texts.auth.password), 'secret1')
    await user.click(screen.getByRole('button', { name: texts.auth.signInTab }))

    const banner = await screen.findByRole('alert')
    expect(banner).toHaveTextContent(`${texts.auth.emailNotConfirmed} ${texts.auth.confirmationResent}`)
  })

  it('asks for e-mail and password before calling the server', async () => {
    const user = userEvent.setup()
    renderAt('/auth', '/auth', <AuthPage />)

    await user.click(await screen.findByRole('button', { name: texts.auth.signInTab }))
    expect(await screen.findByRole('alert')).toHaveTextContent(texts.auth.emailPasswordRequired)
    expect(fetch).not.toHaveBeenCalledWith('/api/auth/sign-in', expect.anything())

    await user.type(screen.getByLabelText(texts.auth.email), 'a')
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })

  it('requires six characters for a new password', async () => {
    const user = userEvent.setup()
    renderAt('/auth', '/auth', <AuthPage />)

    await user.click(await screen.findByRole('tab', { name: texts.auth.createAccountTab }))
    await user.type(screen.getByLabelText(texts.auth.email), 'new@example.com')
    await user.type(screen.getByLabelText(texts.auth.password), '12345')
    await user.click(screen.getByRole('button', { name: texts.auth.createAccountTab }))
    expect(await screen.findByRole('alert')).toHaveTextContent(texts.auth.passwordMin)

    await user.type(screen.getByLabelText(texts.auth.firstName), 'J')
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })

  it('reports an invalid confirmation link in the banner', async () => {
    renderAt('/auth?confirm=abc', '/auth', <AuthPage />)
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(texts.auth.confirmLinkInvalid),
    )
  })

  it('shows the spec banner, not the server message, when creating an account fails', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        fakeFetch({
          'GET /api/auth/session': anonymous,
          'POST /api/auth/sign-up': {
            status: 422,
            body: { error: { code: 'invalid', message: 'Password must not exceed 72 characters' } },
          },
        }),
      ),
    )
    const user = userEvent.setup()
    renderAt('/auth', '/auth', <AuthPage />)

    await user.click(await screen.findByRole('tab', { name: texts.auth.createAccountTab }))
    await user.type(screen.getByLabelText(texts.auth.email), 'new@example.com')
    await user.type(screen.getByLabelText(texts.auth.password), 'secret1')
    await user.click(screen.getByRole('button', { name: texts.auth.createAccountTab }))

    const banner = await screen.findByTestId('auth-error')
    expect(banner).toHaveTextContent(texts.auth.signUpFailedBanner)
    expect(banner).not.toHaveTextContent('72 characters')
    const toastTitle = await screen.findByText(texts.auth.signUpErrorToastTitle)
    expect(toastTitle.closest('[data-sonner-toast]')).toHaveAttribute('data-type', 'error')
    expect(await screen.findByText('Password must not exceed 72 characters')).toBeInTheDocument()
  })

  it('tells the user to check their e-mail after creating an account', async () => {
    // The server answers the same for a new and an already registered
    // address, so this is what both see.
    vi.stubGlobal(
      'fetch',
      vi.fn(
        fakeFetch({
          'GET /api/auth/session': anonymous,
          'POST /api/auth/sign-up': {
            status: 201,
            body: { message: texts.auth.accountCreatedSelfDescription },
          },
        }),
      ),
    )
    const user = userEvent.setup()
    renderAt('/auth', '/auth', <AuthPage />)

    await user.click(await screen.findByRole('tab', { name: texts.auth.createAccountTab }))
    await user.type(screen.getByLabelText(texts.auth.email), 'known@example.com')
    await user.type(screen.getByLabelText(texts.auth.password), 'secret1')
    await user.click(screen.getByRole('button', { name: texts.auth.createAccountTab }))

    expect(await screen.findByText(texts.auth.accountCreatedCheckEmail)).toBeInTheDocument()
    expect(screen.queryByTestId('auth-error')).not.toBeInTheDocument()
  })
})
