import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { Link, useSearchParams } from 'react-router'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { buttonClass } from '@/components/ui/button-variants'
import { FormField } from '@/components/ui/form-field'
import { ApiError } from '@/lib/api-client'
import { routes } from '@/lib/routes'
import { texts } from '@/lib/texts'
import { flatZodResolver } from '@/lib/zod-form'
import { useCompletePasswordReset } from './auth-api'
import { firstErrorMessage, newPasswordSchema, type NewPasswordValues } from './auth-schemas'
import { AuthLayout } from './auth-layout'

const t = texts.auth

/** Target of the password-reset e-mail: /reset-password?token=<token>. */
export default function ResetPasswordPage() {
  const [params] = useSearchParams()
  const token = params.get('token')
  const [banner, setBanner] = useState<string | null>(token ? null : t.resetLinkInvalid)
  const [done, setDone] = useState(false)
  const complete = useCompletePasswordReset()
  const form = useForm<NewPasswordValues>({
    resolver: flatZodResolver(newPasswordSchema),
    defaultValues: { password: '' },
  })

  const onSubmit = form.handleSubmit(
    ({ password }) => {
      if (!token) return setBanner(t.resetLinkInvalid)
      complete.mutate(
        { token, password },
        {
          onSuccess: () => setDone(true),
          onError: (error) =>
            setBanner(
              error instanceof ApiError && error.code === 'invalid_token'
                ? t.resetLinkInvalid
                : error.message || texts.errors.generic,
            ),
        },
      )
    },
    (errors) => setBanner(firstErrorMessage(errors, ['password']) ?? t.passwordMin),
  )

  return (
    <AuthLayout title={t.resetTitle}>
      <div className="space-y-4">
        {banner && <Alert>{banner}</Alert>}
        {done ? (
          <Alert variant="success">{t.resetDone}</Alert>
        ) : (
          token && (
            <form onSubmit={onSubmit} noValidate className="space-y-4">
              <FormField
                id="new-password"
                label={t.newPassword}
                type="password"
                autoComplete="new-password"
                {...form.register('password', { onChange: () => setBanner(null) })}
              />
              <Button type="submit" className="w-full" disabled={complete.isPending}>
                {t.resetButton}
              </Button>
            </form>
          )
        )}
        <Link to={routes.auth} className={buttonClass('outline', 'md', 'w-full')}>
          {t.backToSignIn}
        </Link>
      </div>
    </AuthLayout>
  )
}
