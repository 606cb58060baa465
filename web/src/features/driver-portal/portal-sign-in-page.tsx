import { useEffect, useState, type FormEvent } from 'react'
import { useLocation, useNavigate, useParams } from 'react-router'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Card, CardContent } from '@/components/ui/card'
import { FormField } from '@/components/ui/form-field'
import { format, texts } from '@/lib/texts'
import { useForgetSessions, usePortalConfig, usePortalSignIn } from './api/portal-queries'
import { FleetLogo, PortalFrame } from './portal-branding'
import { errorMessage, isStatus } from './portal-errors'
import { PortalLoadError, PortalLoading } from './portal-load-error'
import { portalPaths, type SignInState } from './portal-paths'

const d = texts.driverPortal

/** /driver-portal/:fleetId — a fleet's driver sign-in, by username or e-mail as the fleet chose. */
export default function PortalSignInPage() {
  const { fleetId = '' } = useParams()
  const config = usePortalConfig(fleetId)
  const fleet = config.data
  // After a sign-out (or an ended session) the driver's data is dropped here,
  // once the home page and its queries are gone: nothing asks for it again.
  const forget = useForgetSessions()
  useEffect(() => forget(), [forget])

  let body
  if (config.isPending) body = <PortalLoading />
  else if (config.isError)
    body = isStatus(config.error, 404) ? (
      <Alert>{d.portalNotFound}</Alert>
    ) : (
      <PortalLoadError error={config.error} onRetry={() => void config.refetch()} />
    )
  else
    body = (
      <Card>
        <CardContent className="space-y-6 pt-6">
          <div className="flex flex-col items-center gap-3 text-center">
            <FleetLogo fleet={config.data} />
            <p className="text-lg font-semibold break-words">{config.data.fleet_name}</p>
            <h1 className="text-2xl font-bold">{d.signInTitle}</h1>
            <p className="text-sm text-muted-foreground">{format(d.signInSubtitle, { fleet: config.data.fleet_name })}</p>
          </div>
          {config.data.enabled ? (
            <SignInForm fleetId={fleetId} byEmail={config.data.login_method === 'email'} />
          ) : (
            <Alert>{format(d.disabled, { fleet: config.data.fleet_name })}</Alert>
          )}
        </CardContent>
      </Card>
    )

  return (
    <PortalFrame fleet={fleet}>
      <main className="mx-auto w-full max-w-md px-4 py-10">{body}</main>
    </PortalFrame>
  )
}

function SignInForm({ fleetId, byEmail }: { fleetId: string; byEmail: boolean }) {
  const navigate = useNavigate()
  const location = useLocation()
  const sessionEnded = (location.state as SignInState | null)?.sessionEnded === true
  const signIn = usePortalSignIn(fleetId)
  const [login, setLogin] = useState('')
  const [password, setPassword] = useState('')

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    signIn.mutate(
      { login: login.trim(), password },
      { onSuccess: () => navigate(portalPaths.home(fleetId), { replace: true }) },
    )
  }

  return (
    <form onSubmit={onSubmit} className="space-y-4">
      {sessionEnded && !signIn.isError && <Alert variant="info">{d.sessionExpired}</Alert>}
      <FormField
        id="portal-login"
        name="login"
        label={byEmail ? d.emailLabel : d.usernameLabel}
        type={byEmail ? 'email' : 'text'}
        inputMode={byEmail ? 'email' : undefined}
        autoCapitalize="none"
        autoCorrect="off"
        spellCheck={false}
        autoComplete="username"
        className="[&_input]:h-11"
        required
        value={login}
        onChange={(event) => setLogin(event.target.value)}
      />
      <FormField
        id="portal-password"
        name="password"
        label={d.passwordLabel}
        type="password"
        autoComplete="current-password"
        className="[&_input]:h-11"
        required
        value={password}
        onChange={(event) => setPassword(event.target.value)}
      />
      {signIn.isError && <Alert>{errorMessage(signIn.error)}</Alert>}
      <Button type="submit" size="lg" className="w-full" disabled={signIn.isPending}>
        {signIn.isPending ? d.signingIn : d.signIn}
      </Button>
    </form>
  )
}
