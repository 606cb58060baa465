import { useForm } from 'react-hook-form'
import { useNavigate } from 'react-router'
import { toast } from '@/lib/toast'
import { Button } from '@/components/ui/button'
import { FormField } from '@/components/ui/form-field'
import { ApiError } from '@/lib/api-client'
import { homePathFor } from '@/lib/role-routing'
import { routes } from '@/lib/routes'
import { texts } from '@/lib/texts'
import { flatZodResolver } from '@/lib/zod-form'
import { useSignIn } from './auth-api'
import { firstErrorMessage, signInSchema, type SignInValues } from './auth-schemas'

const t = texts.auth

export interface SignInFormProps {
  onError: (message: string) => void
  onFieldChange: () => void
  onForgotPassword: () => void
}

export function SignInForm({ onError, onFieldChange, onForgotPassword }: SignInFormProps) {
  const navigate = useNavigate()
  const signIn = useSignIn()
  const form = useForm<SignInValues>({
    resolver: flatZodResolver(signInSchema),
    defaultValues: { email: '', password: '' },
  })
  const { errors } = form.formState

  const onSubmit = form.handleSubmit(
    (values) =>
      signIn.mutate(values, {
        onSuccess: (session) => {
          toast.success(t.welcomeBackTitle, { description: t.welcomeBackDescription })
          navigate(session.user ? homePathFor(session.user) : routes.dashboard, { replace: true })
        },
        onError: (error) => {
          const fromServer = error instanceof ApiError && !error.isNetworkError
          // The right password of an unconfirmed account sends a fresh link: say so, or the second mail is a surprise.
          const message =
            fromServer && error.code === 'email_not_confirmed' ? `${error.message} ${t.confirmationResent}` : error.message
          onError(fromServer ? message : t.signInFailedBanner)
          toast.error(fromServer ? t.signInFailedToastTitle : t.signInErrorToastTitle, {
            description: fromServer ? message : t.signInFailedToastFallback,
          })
        },
      }),
    (fieldErrors) => onError(firstErrorMessage(fieldErrors, ['email', 'password']) ?? t.signInFailedBanner),
  )

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <FormField
        id="sign-in-email"
        label={t.email}
        type="email"
        autoComplete="email"
        aria-invalid={errors.email ? true : undefined}
        {...form.register('email', { onChange: onFieldChange })}
      />
      <FormField
        id="sign-in-password"
        label={t.password}
        type="password"
        autoComplete="current-password"
        aria-invalid={errors.password ? true : undefined}
        {...form.register('password', { onChange: onFieldChange })}
      />
      <Button type="submit" className="w-full" disabled={signIn.isPending}>
        {t.signInTab}
      </Button>
      <div className="text-center">
        <Button variant="link" onClick={onForgotPassword}>
          {t.forgotPassword}
        </Button>
      </div>
    </form>
  )
}
