import { useQuery } from '@tanstack/react-query'
import { ArrowRight, CheckCircle2, Clock, Home, LifeBuoy, LogIn, LogOut, Mail } from 'lucide-react'
import { Link, useLocation } from 'react-router'
import { BrandLogo } from '@/components/brand-logo'
import { Button } from '@/components/ui/button'
import { buttonClass } from '@/components/ui/button-variants'
import { Card, CardContent, CardHeader } from '@/components/ui/card'
import { mailto, routes } from '@/lib/routes'
import { homePathFor } from '@/lib/role-routing'
import { sessionQuery } from '@/lib/session'
import { format, texts } from '@/lib/texts'
import { useSignOut } from '@/lib/use-sign-out'

const p = texts.pendingApproval
const steps = [
  { Icon: Clock, text: p.stepReview },
  { Icon: Mail, text: p.stepNotify },
  { Icon: CheckCircle2, text: p.stepInstructions },
]

/** What the subscription success page hands over when it sends the payer here. */
interface ArrivalState {
  confirmationSentTo?: string
}

export default function PendingApprovalPage() {
  // Asked afresh on every visit: the approval may have happened since the
  // session was last read, and then the dashboard is offered instead.
  const session = useQuery({ ...sessionQuery, refetchOnMount: 'always' })
  const user = session.data?.user ?? null
  const dashboard = user && homePathFor(user) !== routes.pendingApproval ? homePathFor(user) : null
  // Known to be signed out (not merely still asking): offer Sign In, not Logout.
  const signedOut = session.isSuccess && !user
  const signOut = useSignOut(routes.home)
  const confirmationSentTo = (useLocation().state as ArrivalState | null)?.confirmationSentTo

  return (
    <main className="flex min-h-screen flex-col items-center justify-center bg-muted px-4 py-10">
      <BrandLogo className="mb-6" />
      <Card className="w-full max-w-xl">
        <CardHeader className="items-center text-center">
          <span className="inline-flex h-14 w-14 items-center justify-center rounded-full bg-primary/10 text-primary">
            {dashboard ? <CheckCircle2 className="h-7 w-7" aria-hidden /> : <Clock className="h-7 w-7" aria-hidden />}
          </span>
          <h1 className="mt-4 text-2xl font-bold">{dashboard ? p.readyTitle : p.title}</h1>
          {user && (
            <p className="text-sm text-muted-foreground">
              {p.signedInAs} <span className="font-medium text-ink">{user.email}</span>
            </p>
          )}
        </CardHeader>
        <CardContent className="space-y-6">
          {signedOut && confirmationSentTo && (
            <section aria-labelledby="confirm-email-title" className="space-y-1 rounded-lg border border-border p-4">
              <h2 id="confirm-email-title" className="font-semibold">
                {texts.subscriptionSuccess.confirmEmailTitle}
              </h2>
              <p className="text-sm text-muted-foreground">
                {format(texts.subscriptionSuccess.confirmEmailText, { email: confirmationSentTo })}
              </p>
            </section>
          )}
          {dashboard ? (
            <div className="space-y-4 text-center">
              <p className="text-sm text-muted-foreground">{p.readyText}</p>
              <Link to={dashboard} className={buttonClass('primary', 'md', 'w-full sm:w-auto')}>
                {p.openDashboard}
                <ArrowRight className="h-4 w-4" aria-hidden />
              </Link>
            </div>
          ) : (
            <section aria-labelledby="next-steps">
              <h2 id="next-steps" className="font-semibold">
                {p.nextSteps}
              </h2>
              <ol className="mt-3 space-y-3">
                {steps.map(({ Icon, text }) => (
                  <li key={text} className="flex gap-3 text-sm">
                    <Icon className="mt-0.5 h-5 w-5 shrink-0 text-primary" aria-hidden />
                    <span>{text}</span>
                  </li>
                ))}
              </ol>
            </section>
          )}
          <div className="flex flex-col gap-3 sm:flex-row">
            <Link to={routes.home} className={buttonClass('outline', 'md', 'sm:flex-1')}>
              <Home className="h-4 w-4" aria-hidden />
              {p.returnHome}
            </Link>
            <a href={mailto(texts.brand.supportEmail)} className={buttonClass(dashboard ? 'outline' : 'primary', 'md', 'sm:flex-1')}>
              <LifeBuoy className="h-4 w-4" aria-hidden />
              {p.contactSupport}
            </a>
            {user && (
              <Button variant="ghost" className="sm:flex-1" onClick={() => signOut.mutate()} disabled={signOut.isPending}>
                <LogOut className="h-4 w-4" aria-hidden />
                {p.logout}
              </Button>
            )}
            {signedOut && (
              <Link to={routes.auth} className={buttonClass('ghost', 'md', 'sm:flex-1')}>
                <LogIn className="h-4 w-4" aria-hidden />
                {texts.publicHeader.signIn}
              </Link>
            )}
          </div>
        </CardContent>
      </Card>
    </main>
  )
}
