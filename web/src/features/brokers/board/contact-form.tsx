import { useState, type FormEvent } from 'react'
import { Button } from '@/components/ui/button'
import { Label } from '@/components/ui/label'
import { Textarea } from '@/components/ui/textarea'
import { ApiError } from '@/lib/api-client'
import { specToast } from '@/lib/spec-toast'
import { texts } from '@/lib/texts'
import { useContactCarrier } from '../api/broker-queries'
import { labels } from '../labels'

const s = texts.board.search

/** 'Contact carrier': a message to the carrier's office (e-mail and its inbox). */
export function ContactForm({ postingId }: { postingId: string }) {
  const [message, setMessage] = useState('')
  const [error, setError] = useState<string | null>(null)
  const contact = useContactCarrier()
  const id = `contact-${postingId}`

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!message.trim()) return
    setError(null)
    contact.mutate(
      { id: postingId, message: message.trim() },
      {
        onSuccess: () => {
          specToast('success', s.contactSent)
          setMessage('')
        },
        onError: (failure) => {
          if (failure instanceof ApiError && failure.fields.message) setError(failure.fields.message)
          else specToast('error', failure.message || texts.errors.generic)
        },
      },
    )
  }

  return (
    <form noValidate onSubmit={submit} className="space-y-2">
      <Label htmlFor={id}>{s.contactMessage}</Label>
      <Textarea
        id={id}
        value={message}
        maxLength={4000}
        onChange={(event) => setMessage(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      {error && (
        <p id={`${id}-error`} className="text-sm text-destructive">
          {error}
        </p>
      )}
      <Button type="submit" className="w-full sm:w-auto" disabled={contact.isPending || !message.trim()}>
        {contact.isPending ? labels.sending : s.contact}
      </Button>
    </form>
  )
}
