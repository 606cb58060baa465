import { MessageSquare } from 'lucide-react'
import { useEffect } from 'react'
import { LoadError } from '@/components/load-error'
import { sendProblem } from '@/components/message-send-problem'
import { MessageComposer, MessageThread } from '@/components/message-thread'
import { Badge } from '@/components/ui/badge'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import { Spinner } from '@/components/ui/spinner'
import { ApiError } from '@/lib/api-client'
import { format, texts } from '@/lib/texts'
import {
  useMarkPortalLoadThreadRead,
  usePortalLoadThread,
  useSendPortalLoadMessage,
} from './api/load-messages-queries'

// The unread count for a load's badge (or of all the driver's loads), beside the component.
// eslint-disable-next-line react-refresh/only-export-components
export { useLoadMessagesUnread } from './api/load-messages-queries'

const t = () => texts.loadMessages

/**
 * The messages of a load between the driver and the office (issue 32 §4),
 * for the load's screen in the portal: the thread, a box to write, and the
 * office's messages marked read once shown. A load that is not the
 * driver's answers 404, shown as the error state.
 */
export function LoadMessages({ loadId }: { loadId: string }) {
  const thread = usePortalLoadThread(loadId)
  const send = useSendPortalLoadMessage(loadId)
  const { mutate: markRead, isPending: marking, isError: markFailed } = useMarkPortalLoadThreadRead(loadId)
  const unread = thread.data?.unread ?? 0
  useEffect(() => {
    // Once a failure, no loop: the next poll's count shows it unread still.
    if (unread > 0 && !marking && !markFailed) markRead()
  }, [unread, marking, markFailed, markRead])
  const notFound = thread.error instanceof ApiError && thread.error.status === 404

  return (
    <Card data-testid="portal-load-messages" className="min-w-0">
      <CardHeader className="p-4 sm:p-6">
        <CardTitle className="flex flex-wrap items-center gap-2">
          <MessageSquare className="h-5 w-5 text-muted-foreground" aria-hidden />
          {t().title}
          {unread > 0 && (
            <Badge variant="info" data-testid="unread-badge" aria-label={format(t().unreadBadge, { count: unread })}>
              {format(t().unread, { count: unread })}
            </Badge>
          )}
        </CardTitle>
      </CardHeader>
      <CardContent className="space-y-4 p-4 pt-0 sm:p-6 sm:pt-0">
        {thread.isPending ? (
          <div className="flex justify-center py-4">
            <Spinner label={t().loading} />
          </div>
        ) : thread.isError ? (
          <LoadError
            title={t().loadError}
            message={notFound ? undefined : thread.error.message}
            retryLabel={t().retry}
            onRetry={() => void thread.refetch()}
          />
        ) : (
          <MessageThread messages={thread.data.items} emptyText={t().emptyDriver} />
        )}
        {!notFound && (
          <MessageComposer
            onSend={(message) => send.mutateAsync(message)}
            pending={send.isPending}
            placeholder={t().placeholderDriver}
            error={sendProblem(send.error)}
          />
        )}
      </CardContent>
    </Card>
  )
}
