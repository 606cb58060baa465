import { useForm } from 'react-hook-form'
import { Link, useParams } from 'react-router'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { buttonClass } from '@/components/ui/button-variants'
import { Card, CardContent } from '@/components/ui/card'
import { FormField } from '@/components/ui/form-field'
import { ApiError } from '@/lib/api-client'
import { format, texts } from '@/lib/texts'
import { flatZodResolver } from '@/lib/zod-form'
import { useAcceptInvite, useInvite, usePortalConfig } from './api/portal-queries'
import { setPasswordSchema, type SetPasswordValues } from './password-schema'
import { FleetLogo, PortalFrame } from './portal-branding'
import { errorMessage, isStatus } from './portal-errors'
import { PortalLoadError, PortalLoading } from './portal-load-error'
import { portalPaths } from './portal-paths'

const d = texts.driverPortal

/** /driver-portal/:fleetId/invite/:token — a driver sets their own password from the invite e-mail. */
export default function PortalInvitePage() {
  const { fleetId = '', token = '' } = useParams()
  const config = usePortalConfig(fleetId)
  const invite = useInvite(fleetId, token)
  const accept = useAcceptInvite(fleetId, token)
  const form = useForm<SetPasswordValues>({
    resolver: flatZodResolver(setPasswordSchema),
    defaultValues: { password: '', confirmPassword: '' },
  })
  const { errors } = form.formState
  const gone = (error: unknown) => isStatus(error, 410) || isStatus(error, 404)

  const onSubmit = form.handleSubmit((values) =>
    accept.mutate(values.password, {
      onError: (error) => {
        if (error instanceof ApiError && error.fields.password) form.setError('password', { message: error.fields.password })
      },
    }),
  )

  let body
  if (invite.isPending) body = <PortalLoading />
  else if (invite.isError)
    body = gone(invite.error) ? (
      <Alert>{d.inviteInvalid}</Alert>
    ) : (
      <PortalLoadError error={invite.error} onRetry={() => void invite.refetch()} />
    )
  else if (accept.isSuccess)
    body = (
      <div className="space-y-4 text-center">
        <Alert variant="success">{d.inviteDone}</Alert>
        <Link to={portalPaths.signIn(fleetId)} className={buttonClass('primary', 'lg', 'w-full')}>
          {d.signIn}
        </Link>
      </div>
    )
  else
    body = (
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-4">
        <input type="hidden" name="username" autoComplete="username" value={invite.data.login} />
        <FormField
          id="invite-password"
          label={d.invitePassword}
          type="password"
          autoComplete="new-password"
          className="[&_input]:h-11"
          error={errors.password?.message}
          {...form.register('password')}
        />
        <FormField
          id="invite-confirm"
          label={d.inviteConfirm}
          type="password"
          autoComplete="new-password"
          className="[&_input]:h-11"
          error={errors.confirmPassword?.message}
          {...form.register('confirmPassword')}
        />
        {accept.isError && !(accept.error instanceof ApiError && accept.error.fields.password) && (
          <Alert>{gone(accept.error) ? d.inviteInvalid : errorMessage(accept.error)}</Alert>
        )}
        <Button type="submit" size="lg" className="w-full" disabled={accept.isPending}>
          {d.inviteSave}
        </Button>
      </form>
    )

  const fleetName = config.data?.fleet_name ?? invite.data?.fleet_name ?? ''
  return (
    <PortalFrame fleet={config.data}>
      <main className="mx-auto w-full max-w-md px-4 py-10">
        <Card>
          <CardContent className="space-y-6 pt-6">
            <div className="flex flex-col items-center gap-3 text-center">
              {config.data && <FleetLogo fleet={config.data} />}
              <h1 className="text-2xl font-bold">{d.inviteTitle}</h1>
              {invite.data && (
                <p className="text-sm break-words text-muted-foreground">
                  {format(d.inviteSubtitle, { fleet: fleetName, login: invite.data.login })}
                </p>
              )}
            </div>
            {body}
          </CardContent>
        </Card>
      </main>
    </PortalFrame>
  )
}
