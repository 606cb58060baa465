import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { Link, useNavigate, useSearchParams } from 'react-router'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { buttonClass } from '@/components/ui/button-variants'
import { FormField } from '@/components/ui/form-field'
import { Spinner } from '@/components/ui/spinner'
import { ApiError } from '@/lib/api-client'
import { homePathFor } from '@/lib/role-routing'
import { routes } from '@/lib/routes'
import { format, texts } from '@/lib/texts'
import { flatZodResolver } from '@/lib/zod-form'
import { useCompletePasswordReset, usePasswordLink, type PasswordLink } from './auth-api'
import { firstErrorMessage, newPasswordSchema, type NewPasswordValues } from './auth-schemas'
import { AuthLayout } from './auth-layout'

const t = texts.auth

const isInvalidLink = (error: unknown) => error instanceof ApiError && error.code === 'invalid_token'

/**
 * Target of the password-reset and invitation e-mails:
 * /reset-password?token=<token>. The link is read when the page opens, so a
 * used or expired one is said at once; an invitation names the brokerage and
 * who sent it, and signs the new user in once they choose a password.
 */
export default function ResetPasswordPage() {
  const [params] = useSearchParams()
  const token = params.get('token')
  const link = usePasswordLink(token)

  if (!token || (link.isError && isInvalidLink(link.error))) {
    return (
      <AuthLayout title={t.resetTitle}>
        <div className="space-y-4">
          <Alert>{t.resetLinkInvalid}</Alert>
          <p className="text-sm text-muted-foreground">{t.resetLinkHelp}</p>
          <BackToSignIn />
        </div>
      </AuthLayout>
    )
  }
  if (link.isPending) {
    return (
      <AuthLayout title={t.resetTitle}>
        <div className="flex justify-center py-6">
          <Spinner className="h-6 w-6" label={t.checkingLink} />
        </div>
      </AuthLayout>
    )
  }
  if (link.isError) {
    return (
      <AuthLayout title={t.resetTitle}>
        <div className="space-y-4">
          <Alert>{link.error instanceof ApiError && link.error.status === 429 ? link.error.message : t.linkCheckFailed}</Alert>
          <Button className="w-full" onClick={() => void link.refetch()}>
            {t.retry}
          </Button>
          <BackToSignIn />
        </div>
      </AuthLayout>
    )
  }
  return <PasswordForm token={token} link={link.data} />
}

function invitationTexts(link: PasswordLink): { title: string; description: string } | null {
  const invitation = link.invitation
  if (!invitation) return null
  const account = invitation.account_name
  const values = { inviter: invitation.inviter, account: account ?? '', email: link.email }
  return account
    ? { title: format(t.inviteTitle, values), description: format(t.inviteText, values) }
    : { title: t.inviteTitleNoAccount, description: format(t.inviteTextNoAccount, values) }
}

function PasswordForm({ token, link }: { token: string; link: PasswordLink }) {
  const navigate = useNavigate()
  const [banner, setBanner] = useState<string | null>(null)
  const [done, setDone] = useState(false)
  const complete = useCompletePasswordReset()
  const form = useForm<NewPasswordValues>({
    resolver: flatZodResolver(newPasswordSchema),
    defaultValues: { password: '' },
  })
  const invitation = invitationTexts(link)

  const onSubmit = form.handleSubmit(
    ({ password }) =>
      complete.mutate(
        { token, password },
        {
          onSuccess: (result) => {
            // An invitation signs the new user in: straight to their home.
            if (result.user) void navigate(homePathFor(result.user), { replace: true })
            else setDone(true)
          },
          onError: (error) => setBanner(isInvalidLink(error) ? t.resetLinkInvalid : error.message || texts.errors.generic),
        },
      ),
    (errors) => setBanner(firstErrorMessage(errors, ['password']) ?? t.passwordMin),
  )

  return (
    <AuthLayout
      title={invitation?.title ?? t.resetTitle}
      description={invitation?.description ?? format(t.resetFor, { email: link.email })}
    >
      <div className="space-y-4">
        {banner && <Alert>{banner}</Alert>}
        {done ? (
          <Alert variant="success">{t.resetDone}</Alert>
        ) : (
          <form onSubmit={onSubmit} noValidate className="space-y-4">
            {/* Lets a password manager file the new password under the right account. */}
            <input type="email" name="username" autoComplete="username" value={link.email} readOnly hidden />
            <FormField
              id="new-password"
              label={invitation ? t.chooseNewPassword : t.newPassword}
              type="password"
              autoComplete="new-password"
              {...form.register('password', { onChange: () => setBanner(null) })}
            />
            <Button type="submit" className="w-full" disabled={complete.isPending}>
              {invitation ? t.inviteButton : t.resetButton}
            </Button>
          </form>
        )}
        <BackToSignIn />
      </div>
    </AuthLayout>
  )
}

function BackToSignIn() {
  return (
    <Link to={routes.auth} className={buttonClass('outline', 'md', 'w-full')}>
      {t.backToSignIn}
    </Link>
  )
}
