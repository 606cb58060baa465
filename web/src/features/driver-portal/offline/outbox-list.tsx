import { useId } from 'react'
import { Button } from '@/components/ui/button'
import { cn } from '@/lib/cn'
import { format, texts } from '@/lib/texts'
import { outboxLabel, outboxStatus } from './outbox-labels'
import { useOutbox } from './use-outbox'

const t = texts.portalOffline

/** "Waiting to send (n)": what the phone still holds for the server; nothing when all is sent. */
export function OutboxList({ portal, className }: { portal?: string; className?: string }) {
  const { items, discard } = useOutbox(portal)
  const heading = useId()
  if (!items.length) return null
  return (
    <section
      aria-labelledby={heading}
      data-testid="portal-outbox"
      className={cn('rounded-lg border border-border bg-white p-4', className)}
    >
      <h2 id={heading} className="text-sm font-semibold text-ink">
        {format(t.waitingToSend, { count: items.length })}
      </h2>
      <ul className="mt-2 divide-y divide-border text-sm">
        {items.map((item) => (
          <li key={item.key} className="flex items-center justify-between gap-3 py-2">
            <span className="min-w-0">
              <span className="text-ink">{outboxLabel(item)}</span>{' '}
              <span className={cn(item.status === 'rejected' ? 'text-destructive' : 'text-muted-foreground')}>
                · {outboxStatus(item)}
              </span>
            </span>
            {item.status === 'rejected' && (
              <Button variant="outline" size="sm" onClick={() => void discard(item.key)}>
                {t.discard}
              </Button>
            )}
          </li>
        ))}
      </ul>
    </section>
  )
}
