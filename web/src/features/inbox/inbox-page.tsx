import { Link } from 'react-router'
import { toast } from '@/lib/toast'
import { Button } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'
import { LoadError } from '@/components/load-error'
import { cn } from '@/lib/cn'
import { shortDateTime } from '@/lib/dates'
import { fleetRoutes, mailto } from '@/lib/routes'
import { format, texts } from '@/lib/texts'
import type { MessageView } from './api/inbox-api'
import { useInbox, useMarkRead } from './api/inbox-queries'

const i = texts.inbox

const newestFirst = (a: MessageView, b: MessageView) => b.created_at.localeCompare(a.created_at)

/** /fleet-dashboard/inbox: the contact messages drivers sent through the driver portal, newest first. */
export function InboxPage() {
  const query = useInbox()
  const unread = query.data?.unread ?? 0

  return (
    <div className="space-y-6">
      <div className="space-y-1">
        <h1 className="text-2xl font-bold tracking-tight text-ink">{i.title}</h1>
        {unread > 0 && (
          <p className="text-muted-foreground" data-testid="inbox-unread">
            {format(i.unread, { count: unread })}
          </p>
        )}
      </div>
      {query.isPending ? (
        <div className="flex justify-center py-10">
          <Spinner label={texts.fleet.assets.loading} />
        </div>
      ) : query.isError ? (
        <LoadError
          title={i.title}
          message={query.error.message}
          retryLabel={texts.fleet.assets.retry}
          onRetry={() => void query.refetch()}
        />
      ) : query.data.items.length === 0 ? (
        <p className="rounded-xl border border-border bg-white p-6 text-center text-muted-foreground">{i.empty}</p>
      ) : (
        <ul className="space-y-3">
          {[...query.data.items].sort(newestFirst).map((message) => (
            <MessageItem key={message.id} message={message} />
          ))}
        </ul>
      )}
    </div>
  )
}

function MessageItem({ message }: { message: MessageView }) {
  const markRead = useMarkRead()
  const unread = !message.read

  const mark = () =>
    markRead.mutate(message.id, {
      onError: (error) => toast.error(error.message),
    })

  return (
    <li
      data-testid="inbox-message"
      data-unread={unread || undefined}
      aria-label={message.sender_name}
      className={cn(
        'space-y-3 rounded-xl border bg-white p-4 shadow-sm sm:p-5',
        unread ? 'border-l-4 border-primary bg-blue-50/50' : 'border-border',
      )}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0 space-y-0.5">
          <p className={cn('break-words text-ink', unread ? 'font-bold' : 'font-medium')}>
            {message.driver_id ? (
              <Link to={fleetRoutes.driver(message.driver_id)} className="hover:underline">
                {message.sender_name}
              </Link>
            ) : (
              message.sender_name
            )}
            {message.company && <span className="font-normal text-muted-foreground"> · {message.company}</span>}
          </p>
          <a
            href={mailto(message.sender_email, format(i.emailSubject, { name: message.sender_name }))}
            className="text-sm break-all text-primary hover:underline"
          >
            {message.sender_email}
          </a>
        </div>
        <time dateTime={message.created_at} className="shrink-0 text-xs text-muted-foreground">
          {shortDateTime(message.created_at)}
        </time>
      </div>
      <p className="text-sm break-words whitespace-pre-wrap text-ink">{message.message}</p>
      {unread && (
        <Button size="sm" variant="outline" disabled={markRead.isPending} onClick={mark}>
          {i.markRead}
        </Button>
      )}
    </li>
  )
}
