import { useEffect, useRef, useState, type FormEvent } from 'react'
import { toast } from '@/lib/toast'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import { FormField } from '@/components/ui/form-field'
import { Label } from '@/components/ui/label'
import { Textarea } from '@/components/ui/textarea'
import { texts } from '@/lib/texts'
import type { PortalMessage } from './api/types'
import { errorMessage } from './portal-errors'

const d = texts.driverPortal
/** Spec §4/§9: 'Sending...' shows for 1.5 s, however fast the server answers. */
export const SEND_DELAY_MS = 1500

const wait = (ms: number) => new Promise<void>((resolve) => window.setTimeout(resolve, ms))

export interface DriverContactFormProps {
  title?: string
  /** Prefills Your Name and Email Address; clearing the form goes back to them. */
  defaults?: { name?: string; email?: string }
  /** Delivers the message; without it sending is only simulated (the spec's role page). */
  send?: (message: PortalMessage) => Promise<void>
}

export function DriverContactForm({ title = 'Contact us', defaults, send }: DriverContactFormProps) {
  const [sending, setSending] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const mounted = useRef(true)

  useEffect(() => {
    mounted.current = true
    return () => {
      mounted.current = false
    }
  }, [])

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = event.currentTarget
    const data = new FormData(form)
    const field = (name: string) => String(data.get(name) ?? '').trim()
    const message: PortalMessage = { name: field('name'), email: field('email'), message: field('message') }
    if (field('company')) message.company = field('company')
    setSending(true)
    setError(null)
    const [outcome] = await Promise.allSettled([send ? send(message) : Promise.resolve(), wait(SEND_DELAY_MS)])
    if (!mounted.current) return
    setSending(false)
    if (outcome.status === 'rejected') {
      setError(errorMessage(outcome.reason))
      return
    }
    toast.success(d.sentTitle, { description: d.sentDescription })
    form.reset()
  }

  return (
    <section aria-labelledby="driver-contact">
      <Card>
        <CardHeader>
          <CardTitle>
            <span id="driver-contact">{title}</span>
          </CardTitle>
        </CardHeader>
        <CardContent>
          <form onSubmit={(event) => void onSubmit(event)} className="grid gap-4 sm:grid-cols-2">
            <FormField
              id="contact-name"
              name="name"
              label={d.yourName}
              autoComplete="name"
              className="[&_input]:h-11"
              defaultValue={defaults?.name}
              required
            />
            <FormField
              id="contact-email"
              name="email"
              type="email"
              label={d.emailAddress}
              autoComplete="email"
              autoCapitalize="none"
              className="[&_input]:h-11"
              defaultValue={defaults?.email}
              required
            />
            <FormField
              id="contact-company"
              name="company"
              label={d.companyName}
              autoComplete="organization"
              className="sm:col-span-2 [&_input]:h-11"
            />
            <div className="space-y-2 sm:col-span-2">
              <Label htmlFor="contact-message">{d.message}</Label>
              <Textarea id="contact-message" name="message" required />
            </div>
            {error && <Alert className="sm:col-span-2">{error}</Alert>}
            <div className="sm:col-span-2">
              <Button type="submit" size="lg" disabled={sending} className="w-full sm:w-auto">
                {sending ? d.sending : d.sendMessage}
              </Button>
            </div>
          </form>
        </CardContent>
      </Card>
    </section>
  )
}
