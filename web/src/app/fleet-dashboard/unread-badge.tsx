import { cn } from '@/lib/cn'

/** A red count; screen readers hear `label` ('3 unread') instead of the bare number. */
export function UnreadBadge({ count, label, className }: { count: number; label: string; className?: string }) {
  return (
    <span
      data-testid="unread-badge"
      className={cn(
        'inline-flex min-w-5 items-center justify-center rounded-full bg-destructive px-1.5 text-xs leading-5 font-semibold text-destructive-foreground',
        className,
      )}
    >
      <span aria-hidden>{count > 99 ? '99+' : count}</span>
      <span className="sr-only">{`, ${label}`}</span>
    </span>
  )
}
