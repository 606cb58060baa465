import { useCallback, useState } from 'react'
import { Navigate } from 'react-router'
import { Alert } from '@/components/ui/alert'
import { Spinner } from '@/components/ui/spinner'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs'
import { routes } from '@/lib/routes'
import { useSession } from '@/lib/session'
import { texts } from '@/lib/texts'
import { AuthLayout } from './auth-layout'
import { ResetRequestForm } from './reset-request-form'
import { SignInForm } from './sign-in-form'
import { SignUpForm } from './sign-up-form'
import { useConfirmEmailParam } from './use-confirm-email-param'

const t = texts.auth
type Tab = 'sign-in' | 'sign-up'

export default function AuthPage() {
  const { user, isLoading } = useSession()
  const [tab, setTab] = useState<Tab>('sign-in')
  const [banner, setBanner] = useState<string | null>(null)
  const [created, setCreated] = useState(false)
  const [resetting, setResetting] = useState(false)

  const clearBanner = useCallback(() => setBanner(null), [])
  useConfirmEmailParam(setBanner)

  if (user) return <Navigate to={routes.dashboard} replace />

  const changeTab = (value: string) => {
    setTab(value as Tab)
    setBanner(null)
    setCreated(false)
    setResetting(false)
  }

  return (
    <AuthLayout title={`Welcome to ${texts.brand.name}`} description={texts.brand.tagline}>
      {isLoading ? (
        <div className="flex justify-center py-8">
          <Spinner />
        </div>
      ) : (
        <Tabs value={tab} onValueChange={changeTab}>
          <TabsList className="grid! w-full grid-cols-2">
            <TabsTrigger value="sign-in">{t.signInTab}</TabsTrigger>
            <TabsTrigger value="sign-up">{t.createAccountTab}</TabsTrigger>
          </TabsList>
          {banner && (
            <Alert className="mt-4" data-testid="auth-error">
              {banner}
            </Alert>
          )}
          <TabsContent value="sign-in">
            {resetting ? (
              <ResetRequestForm
                onError={setBanner}
                onFieldChange={clearBanner}
                onBack={() => {
                  setResetting(false)
                  setBanner(null)
                }}
              />
            ) : (
              <SignInForm
                onError={setBanner}
                onFieldChange={clearBanner}
                onForgotPassword={() => {
                  setResetting(true)
                  setBanner(null)
                }}
              />
            )}
          </TabsContent>
          <TabsContent value="sign-up">
            {created && (
              <Alert variant="success" className="mb-4">
                {t.accountCreatedCheckEmail}
              </Alert>
            )}
            <SignUpForm
              onError={(message) => {
                setCreated(false)
                setBanner(message)
              }}
              onFieldChange={clearBanner}
              onCreated={() => {
                setBanner(null)
                setCreated(true)
              }}
            />
          </TabsContent>
        </Tabs>
      )}
    </AuthLayout>
  )
}
