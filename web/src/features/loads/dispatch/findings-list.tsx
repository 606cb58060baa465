import { Link } from 'react-router'
import { Badge } from '@/components/ui/badge'
import { cn } from '@/lib/cn'
import { format, texts } from '@/lib/texts'
import type { Finding, Severity } from './api'
import { causeLinks, groupFindings } from './board-model'
import { formatDate } from './timeline'

const t = texts.loads.dispatch.assign

const TONE: Record<Severity, { badge: 'destructive' | 'warning' | 'info'; border: string }> = {
  block: { badge: 'destructive', border: 'border-l-red-500' },
  warn: { badge: 'warning', border: 'border-l-amber-500' },
  info: { badge: 'info', border: 'border-l-blue-500' },
}

export interface FindingsListProps {
  findings: Finding[]
  /** The chosen driver(s), for the links of qualification findings. */
  driverIds: string[]
  driverName: (id: string) => string
}

/** The eligibility findings as one list grouped Block, Warn, Info, each linking to the record that causes it. */
export function FindingsList({ findings, driverIds, driverName }: FindingsListProps) {
  const groups = groupFindings(findings)
  return (
    <div className="space-y-3">
      {groups.map(({ severity, findings: items }) => {
        const headingId = `finding-group-${severity}`
        return (
          <section key={severity} aria-labelledby={headingId} className="space-y-1.5" data-severity={severity}>
            <h4 id={headingId} className="flex items-center gap-2 text-sm font-semibold">
              <Badge variant={TONE[severity].badge}>{t[severity]}</Badge>
              <span className="text-muted-foreground">{items.length}</span>
            </h4>
            <ul className="space-y-1.5">
              {items.map((finding, i) => (
                <li
                  key={`${finding.code}-${finding.cause_id}-${i}`}
                  className={cn('rounded-md border border-l-4 border-border bg-white px-3 py-2 text-sm', TONE[severity].border)}
                >
                  <span className="text-ink">{finding.message}</span>
                  {finding.date && (
                    <span className="text-muted-foreground">
                      {' '}
                      {format(t.dateSuffix, { date: formatDate(finding.date, 'MMM d, yyyy') })}
                    </span>
                  )}{' '}
                  {causeLinks(finding, driverIds).map((link) => (
                    <Link
                      key={link.href}
                      to={link.href}
                      className="mr-2 inline-block font-medium text-primary underline-offset-4 hover:underline"
                    >
                      {t.causeLinks[link.kind]}
                      {link.driverId ? `: ${driverName(link.driverId)}` : ''}
                    </Link>
                  ))}
                </li>
              ))}
            </ul>
          </section>
        )
      })}
    </div>
  )
}
