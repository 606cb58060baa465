import { useQueryClient } from '@tanstack/react-query'
import { useForm } from 'react-hook-form'
import { useNavigate, useParams } from 'react-router'
import { LoadError } from '@/components/load-error'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { FormField } from '@/components/ui/form-field'
import { Spinner } from '@/components/ui/spinner'
import { newAccountPasswordSchema, type NewAccountPasswordValues } from '@/lib/account-password'
import { ApiError } from '@/lib/api-client'
import { routes } from '@/lib/routes'
import { sessionQuery } from '@/lib/session'
import { format, texts } from '@/lib/texts'
import { flatZodResolver } from '@/lib/zod-form'
import { useAcceptBrokerInvite, useBrokerInvite } from '../api/broker-queries'
import { labels } from '../labels'
import { OpenLayout } from './open-layout'

const t = texts.brokers.invite
const p = texts.subscriptionSuccess

/** Only a path inside the app: the answer's redirect_to, or the dashboard. */
const safeRedirect = (to: string | undefined) => (to && to.startsWith('/') && !to.startsWith('//') ? to : routes.dashboard)

/**
 * /broker-invite/:token: someone invited to a broker account sets a password;
 * the answer signs them in, and the app takes them where the server says.
 */
export default function BrokerInvitePage() {
  const { token = '' } = useParams()
  const invite = useBrokerInvite(token)
  const accept = useAcceptBrokerInvite(token)
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const form = useForm<NewAccountPasswordValues>({
    resolver: flatZodResolver(newAccountPasswordSchema),
    defaultValues: { password: '', confirmPassword: '' },
  })
  const { errors } = form.formState
  const invalid = (error: unknown) => error instanceof ApiError && (error.status === 404 || error.status === 410)

  const onSubmit = form.handleSubmit(({ password }) =>
    accept.mutate(password, {
      onSuccess: async ({ redirect_to }) => {
        // The session cookie is set: read the session (and its CSRF token) before the guarded screen asks.
        await queryClient.fetchQuery({ ...sessionQuery, staleTime: 0 }).catch(() => undefined)
        void navigate(safeRedirect(redirect_to), { replace: true })
      },
      onError: (error) => {
        if (error instanceof ApiError && error.fields.password) form.setError('password', { message: error.fields.password })
      },
    }),
  )

  let body
  if (invite.isPending)
    body = (
      <div className="flex justify-center py-6">
        <Spinner label={labels.loading} />
      </div>
    )
  else if (invite.isError)
    body = invalid(invite.error) ? (
      <Alert>{t.invalid}</Alert>
    ) : (
      <LoadError
        title={labels.loadFailed}
        message={invite.error.message}
        retryLabel={labels.retry}
        onRetry={() => void invite.refetch()}
      />
    )
  else
    body = (
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-4">
        <h2 className="text-lg font-semibold">{t.setPassword}</h2>
        <p className="text-sm break-words text-muted-foreground">{invite.data.email}</p>
        {/* Lets password managers file the new password under the right account. */}
        <input type="hidden" name="username" autoComplete="username" value={invite.data.email} />
        <FormField
          id="broker-invite-password"
          label={p.password}
          type="password"
          autoComplete="new-password"
          error={errors.password?.message}
          {...form.register('password')}
        />
        <FormField
          id="broker-invite-confirm"
          label={p.confirmPassword}
          type="password"
          autoComplete="new-password"
          error={errors.confirmPassword?.message}
          {...form.register('confirmPassword')}
        />
        {accept.isError && !(accept.error instanceof ApiError && accept.error.fields.password) && (
          <Alert>{invalid(accept.error) ? t.invalid : accept.error.message || texts.errors.generic}</Alert>
        )}
        <Button type="submit" className="w-full" disabled={accept.isPending || accept.isSuccess}>
          {t.accept}
        </Button>
      </form>
    )

  const title = invite.data ? format(t.title, { broker: invite.data.broker_name }) : t.setPassword
  return <OpenLayout title={title}>{body}</OpenLayout>
}
