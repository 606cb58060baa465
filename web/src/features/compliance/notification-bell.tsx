import { Bell } from 'lucide-react'
import { useId, useState } from 'react'
import { Link, useNavigate } from 'react-router'
import { toast } from '@/lib/toast'
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
  type NotificationList,
  type NotificationView,
} from './api/notifications-api'

const b = texts.compliance.bell

type Attention = NotificationList['attention']

/**
 * What the badge counts: unread notifications, and what stays until it is
 * resolved — overdue items and renewals waiting for review — so the bell
 * never says "all caught up" while the overview shows overdue items.
 */
function attentionCount(list: NotificationList | undefined): number {
  if (!list) return 0
  return list.unread + list.attention.overdue + list.attention.pending_renewals
}

/**
 * '2 unread notifications', 'Notifications: 3 need attention', both
 * ('2 unread notifications, 3 more need attention'), or just 'Notifications'.
 */
function bellLabel(list: NotificationList | undefined): string {
  if (!list) return b.title
  const { unread } = list
  const other = list.attention.overdue + list.attention.pending_renewals
  const unreadText = unread === 1 ? b.unreadOne : format(b.unread, { count: unread })
  if (other <= 0) return unread > 0 ? unreadText : b.title
  if (unread <= 0) return other === 1 ? b.attentionOne : format(b.attentionLabel, { count: other })
  return `${unreadText}, ${other === 1 ? b.alsoAttentionOne : format(b.alsoAttention, { count: other })}`
}

const hasAttention = (a: Attention) => a.overdue > 0 || a.due_in30 > 0 || a.pending_renewals > 0

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
  const count = attentionCount(query.data)

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
          aria-label={bellLabel(query.data)}
          data-testid="topbar-notifications"
          className="relative"
        >
          <Bell className="h-5 w-5" aria-hidden />
          {count > 0 && (
            <span
              aria-hidden
              data-testid="notifications-count"
              className="absolute top-0.5 right-0.5 inline-flex min-w-4 items-center justify-center rounded-full bg-destructive px-1 text-[10px] leading-4 font-semibold text-destructive-foreground"
            >
              {count > 99 ? '99+' : count}
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
          ) : query.data.items.length === 0 && !hasAttention(query.data.attention) ? (
            <p className="px-4 py-6 text-center text-sm text-muted-foreground">{b.empty}</p>
          ) : (
            <>
              {hasAttention(query.data.attention) && (
                <AttentionSection attention={query.data.attention} onFollow={() => setOpen(false)} />
              )}
              {query.data.items.length > 0 && (
                <section aria-labelledby={`${headingId}-recent`}>
                  {hasAttention(query.data.attention) && (
                    <h3
                      id={`${headingId}-recent`}
                      className="border-t border-border px-4 pt-3 pb-1 text-xs font-semibold tracking-wide text-muted-foreground uppercase"
                    >
                      {b.recent}
                    </h3>
                  )}
                  <ul className="divide-y divide-border" aria-labelledby={headingId}>
                    {query.data.items.map((item) => (
                      <li key={item.id}>
                        <NotificationItem item={item} onOpen={() => openItem(item)} />
                      </li>
                    ))}
                  </ul>
                </section>
              )}
            </>
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

/**
 * Read live from the calendar and the renewals queue: the overview's counts,
 * the first overdue items and the renewals waiting, each a link to where it
 * is resolved. They cannot be marked read; they leave once resolved.
 */
function AttentionSection({ attention, onFollow }: { attention: Attention; onFollow: () => void }) {
  const shown = attention.overdue_items
  const linkClass =
    'block rounded-sm px-4 py-2 text-sm hover:bg-muted focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-primary'
  return (
    <section aria-label={b.attention} data-testid="bell-attention" className="py-2">
      <h3 className="px-4 pb-1 text-xs font-semibold tracking-wide text-muted-foreground uppercase">{b.attention}</h3>
      {attention.overdue > 0 && (
        <>
          <Link to={fleetRoutes.compliance} onClick={onFollow} className={cn(linkClass, 'font-semibold text-destructive')}>
            {format(b.overdueCount, { count: attention.overdue })}
          </Link>
          <ul>
            {shown.map((item) => (
              <li key={item.key}>
                <Link to={item.link} onClick={onFollow} className={cn(linkClass, 'pl-7')} data-testid="bell-overdue-item">
                  <span className="block break-words text-ink">{item.title}</span>
                  <span className="block text-xs text-muted-foreground">
                    {[item.asset_name, format(b.dueOn, { date: shortDate(item.due_on) ?? item.due_on })]
                      .filter(Boolean)
                      .join(' · ')}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
          {attention.overdue > shown.length && (
            <Link to={fleetRoutes.compliance} onClick={onFollow} className={cn(linkClass, 'pl-7 text-primary')}>
              {format(b.moreOverdue, { count: attention.overdue })}
            </Link>
          )}
        </>
      )}
      {attention.due_in30 > 0 && (
        <Link to={fleetRoutes.compliance} onClick={onFollow} className={cn(linkClass, 'text-amber-700')}>
          {format(b.dueSoonCount, { count: attention.due_in30 })}
        </Link>
      )}
      {attention.pending_renewals > 0 && (
        <Link to={fleetRoutes.documents} onClick={onFollow} className={cn(linkClass, 'font-medium text-primary')}>
          {attention.pending_renewals === 1
            ? b.renewalsOne
            : format(b.renewalsCount, { count: attention.pending_renewals })}
        </Link>
      )}
    </section>
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
