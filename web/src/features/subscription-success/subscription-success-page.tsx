import { useMutation } from '@tanstack/react-query'
import { CheckCircle2, AlertCircle } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { Link, useNavigate, useSearchParams } from 'react-router'
import { toast } from '@/lib/toast'
import { PublicLayout } from '@/components/public-layout'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardHeader } from '@/components/ui/card'
import { Spinner } from '@/components/ui/spinner'
import { ApiError } from '@/lib/api-client'
import { routes } from '@/lib/routes'
import { useSession } from '@/lib/session'
import { format, texts } from '@/lib/texts'
import { checkSubscription, createAccount, type SubscriptionCheck } from './api/subscription-api'
import { CreateAccountForm } from './create-account-form'

const s = texts.subscriptionSuccess

/** How long the 'Account created' view stays before the pending-approval page (spec §5, Payment). */
export const REDIRECT_AFTER_MS = 2000

/** The pending-approval page's navigation state: where the confirmation link went. */
export interface PendingApprovalState {
  confirmationSentTo?: string
}

/** Stripe's checkout status in words: 'paid' → 'Paid', 'no_payment_required' → 'No payment required'. */
function statusLabel(status: string): string {
  const words = status.replace(/_/g, ' ').trim()
  return words.charAt(0).toUpperCase() + words.slice(1)
}

type Verification =
  | { state: 'verifying' }
  | { state: 'done'; result: SubscriptionCheck }
  | { state: 'failed' }

export default function SubscriptionSuccessPage() {
  const [searchParams] = useSearchParams()
  const sessionId = searchParams.get('session_id')
  const navigate = useNavigate()
  const { user, isLoading: sessionLoading } = useSession()

  const [verification, setVerification] = useState<Verification>(() =>
    sessionId ? { state: 'verifying' } : { state: 'failed' },
  )
  // The e-mail the confirmation link went to, once the account is created.
  const [confirmationSentTo, setConfirmationSentTo] = useState<string | null>(null)
  const accountCreated = confirmationSentTo !== null
  const signInToastShown = useRef(false)

  useEffect(() => {
    if (!sessionId) {
      toast.error(s.noSession, { id: 'subscription-no-session' })
      return
    }
    const controller = new AbortController()
    checkSubscription(sessionId, controller.signal).then(
      (result) => {
        if (controller.signal.aborted) return
        setVerification({ state: 'done', result })
        if (result.status === 'paid') toast.success(s.paid)
        else toast.info(format(s.statusInfo, { status: result.status }))
      },
      (error: unknown) => {
        if (controller.signal.aborted) return
        setVerification({ state: 'failed' })
        if (error instanceof ApiError && !error.isNetworkError) {
          toast.error(s.verifyFailed, { description: error.message })
        } else {
          toast.error(s.verifyUnexpected)
        }
      },
    )
    return () => controller.abort()
  }, [sessionId])

  const result = verification.state === 'done' ? verification.result : null
  const paid = result?.status === 'paid'

  // An account already exists for the signup e-mail: the visitor signs in instead.
  useEffect(() => {
    if (!paid || !result?.account_exists || sessionLoading || user || signInToastShown.current) return
    signInToastShown.current = true
    toast.info(s.pleaseSignIn)
  }, [paid, result, sessionLoading, user])

  // The account is confirmed by the link e-mailed to the payer (decision 010),
  // so this page does not sign anyone in: it says where the link went.
  const create = useMutation({
    mutationFn: (password: string) => createAccount(sessionId ?? '', password),
    onSuccess: (created) => {
      setConfirmationSentTo(created.email)
      toast.success(s.accountCreated)
    },
    onError: (error) => {
      if (!(error instanceof ApiError) || error.isNetworkError) toast.error(s.unexpected)
      else if (error.code === 'missing_email') toast.error(s.missingEmail)
      else toast.error(format(s.createFailed, { message: error.message }))
    },
  })

  const onCreateAccount = (password: string) => {
    if (!result?.email) {
      toast.error(s.missingEmail)
      return
    }
    create.mutate(password)
  }

  // Spec: after account creation, the pending-approval page follows after 2 seconds.
  useEffect(() => {
    if (!confirmationSentTo) return
    const state: PendingApprovalState = { confirmationSentTo }
    const timer = window.setTimeout(
      () => navigate(routes.pendingApproval, { replace: true, state }),
      REDIRECT_AFTER_MS,
    )
    return () => window.clearTimeout(timer)
  }, [confirmationSentTo, navigate])

  const showPasswordForm =
    paid && result !== null && !result.account_exists && !accountCreated && !sessionLoading && !user

  return (
    <PublicLayout>
      <div className="mx-auto w-full max-w-xl px-4 py-12 sm:py-16">
        <Card>
          <CardHeader className="items-center text-center">
            <span className="inline-flex h-14 w-14 items-center justify-center rounded-full bg-green-100 text-green-700">
              <CheckCircle2 className="h-8 w-8" aria-hidden />
            </span>
            <h1 className="mt-4 text-3xl font-bold">{s.thankYou}</h1>
          </CardHeader>
          <CardContent className="space-y-6 text-center">
            {verification.state === 'verifying' || (paid && sessionLoading && !accountCreated) ? (
              <div className="flex flex-col items-center gap-4 py-6">
                <p className="text-muted-foreground">{s.verifying}</p>
                <Spinner />
              </div>
            ) : showPasswordForm ? (
              <CreateAccountForm email={result.email} busy={create.isPending} onSubmit={onCreateAccount} />
            ) : result && !paid ? (
              <PaymentIncomplete result={result} />
            ) : (
              <>
                {confirmationSentTo && <ConfirmEmailNotice email={confirmationSentTo} />}
                <ApplicationReceived result={result} onCheckStatus={() => navigate(routes.pendingApproval)} />
              </>
            )}
          </CardContent>
        </Card>
      </div>
    </PublicLayout>
  )
}

/** The checkout was not paid: no 'Application Received!', and a way back to pay. */
function PaymentIncomplete({ result }: { result: SubscriptionCheck }) {
  return (
    <div className="space-y-6">
      <div className="space-y-2">
        <span className="inline-flex h-10 w-10 items-center justify-center rounded-full bg-amber-100 text-amber-700">
          <AlertCircle className="h-6 w-6" aria-hidden />
        </span>
        <h2 className="text-xl font-semibold">{s.paymentIncomplete}</h2>
        <p className="text-muted-foreground">{s.paymentIncompleteText}</p>
        <p className="text-sm">
          {s.status}: <span className="font-medium">{statusLabel(result.status)}</span>
        </p>
      </div>
      {result.checkout_url ? (
        <Button asChild className="w-full sm:w-auto">
          <a href={result.checkout_url}>{s.returnToCheckout}</a>
        </Button>
      ) : (
        <Button asChild className="w-full sm:w-auto">
          <Link to={routes.fleetSignup}>{s.startNewSignup}</Link>
        </Button>
      )}
    </div>
  )
}

function ConfirmEmailNotice({ email }: { email: string }) {
  return (
    <section aria-labelledby="confirm-email-title" className="space-y-2 rounded-lg border p-4 text-left">
      <h2 id="confirm-email-title" className="font-semibold">
        {s.confirmEmailTitle}
      </h2>
      <p className="text-sm text-muted-foreground">{format(s.confirmEmailText, { email })}</p>
    </section>
  )
}

function ApplicationReceived({
  result,
  onCheckStatus,
}: {
  result: SubscriptionCheck | null
  onCheckStatus: () => void
}) {
  return (
    <div className="space-y-6">
      <div className="space-y-2">
        <h2 className="text-xl font-semibold">{s.applicationReceived}</h2>
        <p className="text-muted-foreground">{s.applicationReceivedText}</p>
      </div>
      {result && (
        <section aria-labelledby="subscription-details" className="rounded-lg bg-muted p-4 text-left">
          <h3 id="subscription-details" className="font-semibold">
            {s.subscriptionDetails}
          </h3>
          <dl className="mt-3 space-y-2 text-sm">
            <DetailRow
              label={s.subscriptionId}
              value={result.subscription_id ? result.subscription_id.slice(0, 10) : texts.signup.notAvailable}
            />
            <DetailRow
              label={s.paymentType}
              value={result.mode === 'subscription' ? s.monthlyRecurring : s.oneTime}
            />
            <DetailRow label={s.status} value={statusLabel(result.status)} />
          </dl>
        </section>
      )}
      <Button onClick={onCheckStatus} className="w-full sm:w-auto">
        {s.checkStatus}
      </Button>
    </div>
  )
}

function DetailRow({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex justify-between gap-4">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="font-mono font-medium break-all">{value}</dd>
    </div>
  )
}
