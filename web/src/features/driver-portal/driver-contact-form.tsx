import { useEffect, useRef, useState, type FormEvent } from 'react'
import { toast } from 'sonner'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import { FormField } from '@/components/ui/form-field'
import { Label } from '@/components/ui/label'
import { Textarea } from '@/components/ui/textarea'
import { texts } from '@/lib/texts'

const d = texts.driverPortal
/** Spec §4/§9: the form is local only; sending is simulated for 1.5 s. */
const SEND_DELAY_MS = 1500

export function DriverContactForm() {
  const [sending, setSending] = useState(false)
  const timer = useRef<number | undefined>(undefined)

  useEffect(() => () => window.clearTimeout(timer.current), [])

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const form = event.currentTarget
    setSending(true)
    timer.current = window.setTimeout(() => {
      toast.success(d.sentTitle, { description: d.sentDescription })
      form.reset()
      setSending(false)
    }, SEND_DELAY_MS)
  }

  return (
    <section aria-labelledby="driver-contact">
      <Card>
        <CardHeader>
          <CardTitle>
            <span id="driver-contact">Contact us</span>
          </CardTitle>
        </CardHeader>
        <CardContent>
          <form onSubmit={onSubmit} className="grid gap-4 sm:grid-cols-2">
            <FormField id="contact-name" name="name" label={d.yourName} autoComplete="name" required />
            <FormField id="contact-email" name="email" type="email" label={d.emailAddress} autoComplete="email" required />
            <FormField
              id="contact-company"
              name="company"
              label={d.companyName}
              autoComplete="organization"
              className="sm:col-span-2"
            />
            <div className="space-y-2 sm:col-span-2">
              <Label htmlFor="contact-message">{d.message}</Label>
              <Textarea id="contact-message" name="message" required />
            </div>
            <div className="sm:col-span-2">
              <Button type="submit" disabled={sending} className="w-full sm:w-auto">
                {sending ? d.sending : d.sendMessage}
              </Button>
            </div>
          </form>
        </CardContent>
      </Card>
    </section>
  )
}
