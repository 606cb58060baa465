import { useMutation, useQuery } from '@tanstack/react-query'
import { CreditCard } from 'lucide-react'
import { useState, type FormEvent } from 'react'
import { useParams } from 'react-router'
import { BrandLogo } from '@/components/brand-logo'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card'
import { FormField } from '@/components/ui/form-field'
import { Spinner } from '@/components/ui/spinner'
import { ApiError } from '@/lib/api-client'
import { formatCents } from '@/lib/money'
import { queryKeys } from '@/lib/query-keys'
import { useSession } from '@/lib/session'
import { texts } from '@/lib/texts'
import { fetchTestCheckout, payTestCheckout, type PayRequest } from './api/test-checkout-api'

const c = texts.testCheckout

interface PayFailure {
  message: string
  fields: Record<string, string>
  alreadyComplete: boolean
}

export default function TestCheckoutPage() {
  useSession() // primes the CSRF token for a signed-in visitor
  const { sessionId = '' } = useParams()
  const session = useQuery({
    queryKey: [...queryKeys.testCheckout, sessionId],
    queryFn: ({ signal }) => fetchTestCheckout(sessionId, signal),
    enabled: sessionId !== '',
  })
  const [failure, setFailure] = useState<PayFailure | null>(null)

  const pay = useMutation({
    mutationFn: (body: PayRequest) => payTestCheckout(sessionId, body),
    onSuccess: ({ success_url }) => window.location.assign(success_url),
    onError: (error) => {
      if (error instanceof ApiError) {
        setFailure({ message: error.message, fields: error.fields, alreadyComplete: error.status === 409 })
      } else {
        setFailure({ message: texts.errors.generic, fields: {}, alreadyComplete: false })
      }
    },
  })

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const data = new FormData(event.currentTarget)
    setFailure(null)
    pay.mutate({
      card_number: String(data.get('card_number') ?? ''),
      expiry: String(data.get('expiry') ?? ''),
      cvc: String(data.get('cvc') ?? ''),
    })
  }

  const checkout = session.data
  const complete = checkout?.status === 'complete' || failure?.alreadyComplete

  return (
    <main className="flex min-h-screen flex-col items-center bg-muted px-4 py-10">
      <BrandLogo className="mb-6" />
      <Card className="w-full max-w-md">
        <CardHeader>
          <h1 className="text-lg leading-tight font-semibold flex items-center gap-2">
              <CreditCard className="h-5 w-5 text-primary" aria-hidden />
              {c.title}
            </h1>
          {checkout && (
            <>
              <p className="text-3xl font-bold">
                {formatCents(checkout.amount_cents)}
                <span className="text-base font-normal text-muted-foreground">{texts.signup.perMonth}</span>
              </p>
              <CardDescription>{checkout.description}</CardDescription>
              {checkout.email && <p className="text-sm break-all">{checkout.email}</p>}
            </>
          )}
        </CardHeader>
        <CardContent className="space-y-4">
          {session.isPending && sessionId !== '' ? (
            <div className="flex justify-center py-6">
              <Spinner />
            </div>
          ) : session.isError || !checkout ? (
            <Alert>{session.error instanceof ApiError ? session.error.message : texts.errors.generic}</Alert>
          ) : complete ? (
            <Alert variant="info">
              <p>{failure?.message ?? c.alreadyPaid}</p>
              {checkout.success_url && (
                <a href={checkout.success_url} className="mt-2 inline-block font-medium text-primary underline">
                  {c.continueToConfirmation}
                </a>
              )}
            </Alert>
          ) : (
            <form onSubmit={onSubmit} noValidate className="space-y-4">
              <Alert variant="info">{c.note}</Alert>
              <FormField
                id="card-number"
                name="card_number"
                label={c.cardNumber}
                inputMode="numeric"
                autoComplete="cc-number"
                placeholder="4242 4242 4242 4242"
                error={failure?.fields.card_number}
              />
              <div className="grid grid-cols-2 gap-4">
                <FormField
                  id="card-expiry"
                  name="expiry"
                  label={c.expiry}
                  inputMode="numeric"
                  autoComplete="cc-exp"
                  placeholder="MM/YY"
                  error={failure?.fields.expiry}
                />
                <FormField
                  id="card-cvc"
                  name="cvc"
                  label={c.cvc}
                  inputMode="numeric"
                  autoComplete="cc-csc"
                  placeholder="123"
                  error={failure?.fields.cvc}
                />
              </div>
              {/* Field errors already show under their fields; the banner is for the rest (a declined card). */}
              {failure && Object.keys(failure.fields).length === 0 && <Alert>{failure.message}</Alert>}
              <Button type="submit" className="w-full" disabled={pay.isPending}>
                {pay.isPending ? c.paying : c.pay}
              </Button>
            </form>
          )}
          {checkout && (
            <a href={checkout.cancel_url} className="block text-center text-sm text-primary underline-offset-4 hover:underline">
              {c.cancel}
            </a>
          )}
        </CardContent>
      </Card>
    </main>
  )
}
