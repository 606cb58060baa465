import { Bell } from 'lucide-react'
import { useId, useState } from 'react'
import { Link, useNavigate } from 'react-router'
import { toast } from 'sonner'
import { LoadError } from '@/components/load-error'
import { Button } from '@/components/ui/button'
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover'
import { Spinner } from '@/components/ui/spinner'
import { cn } from '@/lib/cn'
import { shortDate } from '@/lib/dates'
import { fleetRoutes } from '@/lib/routes'
import { format, texts } from '@/lib/texts'
import {
  useMarkAllNotificationsRead,
  useMarkNotificationRead,
  useNotifications,
  type NotificationView,
} from './api/notifications-api'

const b = texts.compliance.bell

/** '3 unread notifications', or just 'Notifications' when all are read. */
function bellLabel(unread: number): string {
  if (unread <= 0) return b.title
  return unread === 1 ? b.unreadOne : format(b.unread, { count: unread })
}

/**
 * The top bar's bell: compliance reminders and FMCSA record changes. Opening
 * an item marks it read and goes to its screen.
 */
export function NotificationBell() {
  const query = useNotifications()
  const [open, setOpen] = useState(false)
  const navigate = useNavigate()
  const markRead = useMarkNotificationRead()
  const markAll = useMarkAllNotificationsRead()
  const headingId = useId()
  const unread = query.data?.unread ?? 0

  const openItem = (item: NotificationView) => {
    if (!item.read) markRead.mutate(item.id, { onError: () => toast.error(b.markFailed) })
    setOpen(false)
    // The link is an SPA path; the request above goes on while the next screen loads.
    if (item.link) void navigate(item.link)
  }

  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverTrigger asChild>
        <Button
          variant="ghost"
          size="icon"
          aria-label={bellLabel(unread)}
          data-testid="topbar-notifications"
          className="relative"
        >
          <Bell className="h-5 w-5" aria-hidden />
          {unread > 0 && (
            <span
              aria-hidden
              data-testid="notifications-count"
              className="absolute top-0.5 right-0.5 inline-flex min-w-4 items-center justify-center rounded-full bg-destructive px-1 text-[10px] leading-4 font-semibold text-destructive-foreground"
            >
              {unread > 99 ? '99+' : unread}
            </span>
          )}
        </Button>
      </PopoverTrigger>
      <PopoverContent align="end" aria-labelledby={headingId} className="w-[22rem] p-0">
        <div className="flex items-center justify-between gap-2 border-b border-border px-4 py-3">
          <h2 id={headingId} className="font-semibold">
            {b.title}
          </h2>
          <Button
            variant="link"
            size="sm"
            className="text-sm"
            disabled={unread === 0 || markAll.isPending}
            onClick={() => markAll.mutate(undefined, { onError: () => toast.error(b.markFailed) })}
          >
            {b.markAllRead}
          </Button>
        </div>
        <div className="max-h-[min(24rem,60dvh)] overflow-y-auto">
          {query.isPending ? (
            <div className="flex justify-center py-6">
              <Spinner className="h-6 w-6" label={b.title} />
            </div>
          ) : query.isError ? (
            <div className="p-3">
              <LoadError title={b.loadFailed} retryLabel={b.retry} onRetry={() => void query.refetch()} />
            </div>
          ) : query.data.items.length === 0 ? (
            <p className="px-4 py-6 text-center text-sm text-muted-foreground">{b.empty}</p>
          ) : (
            <ul className="divide-y divide-border" aria-labelledby={headingId}>
              {query.data.items.map((item) => (
                <li key={item.id}>
                  <NotificationItem item={item} onOpen={() => openItem(item)} />
                </li>
              ))}
            </ul>
          )}
        </div>
        <div className="border-t border-border px-4 py-3">
          <Link
            to={fleetRoutes.compliance}
            onClick={() => setOpen(false)}
            className="text-sm font-medium text-primary hover:underline"
          >
            {b.openCalendar}
          </Link>
        </div>
      </PopoverContent>
    </Popover>
  )
}

function NotificationItem({ item, onOpen }: { item: NotificationView; onOpen: () => void }) {
  const unread = !item.read
  const due = shortDate(item.due_on)
  return (
    <button
      type="button"
      onClick={onOpen}
      data-testid="notification"
      data-unread={unread || undefined}
      className={cn(
        'flex w-full items-start gap-3 px-4 py-3 text-left transition-colors hover:bg-muted',
        'focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-primary',
        unread && 'bg-blue-50/60',
      )}
    >
      <span
        aria-hidden
        className={cn(
          'mt-1.5 h-2 w-2 shrink-0 rounded-full',
          unread ? (item.kind === 'fmcsa' ? 'bg-destructive' : 'bg-primary') : 'bg-transparent',
        )}
      />
      <span className="min-w-0 flex-1 space-y-0.5">
        {unread && <span className="sr-only">{`${b.unreadItem}: `}</span>}
        <span className={cn('block text-sm break-words text-ink', unread ? 'font-semibold' : 'font-normal')}>
          {item.title}
        </span>
        {item.detail && <span className="block text-sm break-words text-muted-foreground">{item.detail}</span>}
        {due && <span className="block text-xs text-muted-foreground">{format(b.dueOn, { date: due })}</span>}
      </span>
    </button>
  )
}
