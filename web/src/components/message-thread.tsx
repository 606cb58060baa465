import { format as formatDate } from 'date-fns'
import { Send } from 'lucide-react'
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react'
import { Button } from '@/components/ui/button'
import { Label } from '@/components/ui/label'
import { Textarea } from '@/components/ui/textarea'
import type { components } from '@/lib/api-types'
import { cn } from '@/lib/cn'
import { format, texts } from '@/lib/texts'

/** One message of a load's thread (the office's and the driver's alike). */
export type ThreadMessage = components['schemas']['LoadMessageView']

/** The longest message the server takes, once trimmed. */
export const MESSAGE_MAX = 2000

const t = () => texts.loadMessages

const when = (at: string) => formatDate(new Date(at), 'MMM d, h:mm a')

/**
 * A load's messages, oldest first: the reader's own on the right, the other
 * side's on the left with the writer's name. Scrolls to the newest.
 */
export function MessageThread({ messages, emptyText }: { messages: ThreadMessage[]; emptyText: string }) {
  const end = useRef<HTMLLIElement>(null)
  const newest = messages.at(-1)?.id
  useEffect(() => {
    end.current?.scrollIntoView?.({ block: 'nearest' })
  }, [newest])
  if (messages.length === 0) {
    return <p className="py-4 text-sm text-muted-foreground">{emptyText}</p>
  }
  return (
    <ol className="max-h-96 space-y-3 overflow-y-auto overscroll-contain pr-1" data-testid="message-thread">
      {messages.map((m) => (
        <li
          key={m.id}
          data-testid="message"
          data-mine={m.mine || undefined}
          className={cn('flex flex-col', m.mine ? 'items-end' : 'items-start')}
        >
          <span className="mb-0.5 text-xs text-muted-foreground">
            {m.mine ? t().you : m.sender_name}
            {m.from_office && !m.mine && ` · ${t().office}`} · <time dateTime={m.created_at}>{when(m.created_at)}</time>
          </span>
          <span
            className={cn(
              'max-w-[85%] rounded-lg px-3 py-2 text-sm break-words whitespace-pre-wrap',
              m.mine ? 'bg-primary text-primary-foreground' : 'bg-muted text-ink',
            )}
          >
            {m.message}
          </span>
        </li>
      ))}
      <li ref={end} aria-hidden className="h-0" />
    </ol>
  )
}

export interface MessageComposerProps {
  /** Sends the trimmed message; the box is cleared when it resolves. */
  onSend: (message: string) => Promise<unknown>
  pending: boolean
  placeholder: string
  /** The server's refusal of the message, or a failure to send. */
  error?: string | null
}

/** A textarea and Send; Ctrl+Enter (⌘+Enter) sends too. */
export function MessageComposer({ onSend, pending, placeholder, error }: MessageComposerProps) {
  const id = useId()
  const [value, setValue] = useState('')
  const trimmed = value.trim()
  // Characters as the server counts them (an emoji is one).
  const length = [...trimmed].length
  const tooLong = length > MESSAGE_MAX
  const problem = tooLong ? format(t().messageTooLong, { max: MESSAGE_MAX.toLocaleString('en-US') }) : error
  const canSend = length > 0 && !tooLong && !pending
  const submit = () => {
    if (!canSend) return
    onSend(trimmed).then(
      () => setValue(''),
      () => undefined,
    )
  }
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault()
      submit()
    }
  }
  return (
    <form
      className="space-y-2"
      onSubmit={(event) => {
        event.preventDefault()
        submit()
      }}
    >
      <Label htmlFor={id} className="sr-only">
        {t().label}
      </Label>
      <Textarea
        id={id}
        value={value}
        onChange={(event) => setValue(event.target.value)}
        onKeyDown={onKeyDown}
        placeholder={placeholder}
        rows={3}
        className="min-h-20"
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${id}-error` : undefined}
      />
      {problem && (
        <p id={`${id}-error`} role="alert" className="text-sm text-destructive">
          {problem}
        </p>
      )}
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className={cn('text-xs text-muted-foreground', tooLong && 'text-destructive')}>
          <span className="hidden sm:inline">{t().sendHint} · </span>
          {format(t().counter, { count: length, max: MESSAGE_MAX })}
        </span>
        <Button type="submit" disabled={!canSend}>
          <Send className="h-4 w-4" aria-hidden />
          {pending ? t().sending : t().send}
        </Button>
      </div>
    </form>
  )
}
