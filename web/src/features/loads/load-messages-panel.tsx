import { MessageSquare } from 'lucide-react'
import { useEffect } from 'react'
import { LoadError } from '@/components/load-error'
import { sendProblem } from '@/components/message-send-problem'
import { MessageComposer, MessageThread } from '@/components/message-thread'
import { Badge } from '@/components/ui/badge'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import { Spinner } from '@/components/ui/spinner'
import { format, texts } from '@/lib/texts'
import { useLoadThread, useMarkLoadThreadRead, useSendLoadMessage } from './api/load-messages-queries'

const t = () => texts.loadMessages

/** The unread count as a badge, or nothing. */
export function UnreadBadge({ count }: { count: number }) {
  if (count <= 0) return null
  return (
    <Badge variant="info" data-testid="unread-badge" aria-label={format(t().unreadBadge, { count })}>
      {format(t().unread, { count })}
    </Badge>
  )
}

/**
 * The load's messages with its driver(s) (issue 32 §4), on the load's page:
 * the thread, a box to write, and the drivers' messages marked read once
 * shown here.
 */
export function LoadMessagesPanel({ loadId }: { loadId: string }) {
  const thread = useLoadThread(loadId)
  const send = useSendLoadMessage(loadId)
  const markRead = useMarkLoadThreadRead(loadId)
  const unread = thread.data?.unread ?? 0
  const { mutate: markThreadRead, isPending: marking, isError: markFailed } = markRead
  useEffect(() => {
    // Once a failure, no loop: the next poll's count shows it unread still.
    if (unread > 0 && !marking && !markFailed) markThreadRead()
  }, [unread, marking, markFailed, markThreadRead])

  return (
    <Card id="load-messages" data-testid="load-messages">
      <CardHeader>
        <CardTitle className="flex flex-wrap items-center gap-2">
          <MessageSquare className="h-5 w-5 text-muted-foreground" aria-hidden />
          {t().title}
          <UnreadBadge count={unread} />
        </CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        {thread.isPending ? (
          <div className="flex justify-center py-4">
            <Spinner label={t().loading} />
          </div>
        ) : thread.isError ? (
          <LoadError
            title={t().loadError}
            message={thread.error.message}
            retryLabel={t().retry}
            onRetry={() => void thread.refetch()}
          />
        ) : (
          <MessageThread messages={thread.data.items} emptyText={t().empty} />
        )}
        <MessageComposer
          onSend={(message) => send.mutateAsync(message)}
          pending={send.isPending}
          placeholder={t().placeholder}
          error={sendProblem(send.error)}
        />
      </CardContent>
    </Card>
  )
}
