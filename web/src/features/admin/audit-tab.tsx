import { usePagedList } from '@/components/data-list/use-paged-list'
import type { components } from '@/lib/api-types'
import { texts } from '@/lib/texts'
import { PAGE_SIZE } from './api/admin-api'
import { useAuditPage } from './api/admin-queries'
import { AdminList } from './admin-list'
import { auditChanges } from './audit-diff'
import { formatDateTime } from './format'

type AuditEntry = components['schemas']['AuditEntry']

const t = texts.admin
const c = t.columns
const actions: Record<string, string> = t.auditActions

/** Audit tab: the administrative actions, newest first. */
export function AuditTab() {
  const list = usePagedList({ pageSize: PAGE_SIZE })
  const query = useAuditPage(list.params)
  return (
    <AdminList
      query={query}
      list={list}
      searchLabel={t.auditSearch}
      loadFailed={t.loadAuditFailed}
      emptyText={t.noAudit}
      tableClassName="min-w-[880px] [&_td]:align-top"
      columns={[
        {
          id: 'when',
          header: c.when,
          className: 'whitespace-nowrap',
          cell: (entry) => formatDateTime(entry.created_at),
        },
        { id: 'who', header: c.who, className: 'break-words', cell: (entry) => entry.actor_email },
        {
          id: 'action',
          header: c.action,
          card: 'title',
          cell: (entry) => actions[entry.action] ?? entry.action,
        },
        {
          id: 'target',
          header: c.target,
          cell: (entry) => (
            <>
              <span className="block">{entry.target_type}</span>
              <code className="block text-xs break-all text-muted-foreground">{entry.target_id}</code>
            </>
          ),
        },
        { id: 'change', header: c.change, cell: (entry) => <AuditChanges entry={entry} /> },
      ]}
      rows={{ key: (entry) => String(entry.id) }}
    />
  )
}

function AuditChanges({ entry }: { entry: AuditEntry }) {
  const changes = auditChanges(entry.before, entry.after)
  if (changes.length === 0) return <span className="text-muted-foreground">—</span>
  return (
    <dl className="space-y-1 font-mono text-xs">
      {changes.map((change) => (
        <div key={change.key} className="flex flex-wrap gap-x-1">
          <dt className="font-semibold">{change.key}:</dt>
          <dd className="break-all">
            {change.before !== undefined && <del className="text-red-700">{change.before}</del>}
            {change.before !== undefined && change.after !== undefined && ' → '}
            {change.after !== undefined && <ins className="text-green-700 no-underline">{change.after}</ins>}
          </dd>
        </div>
      ))}
    </dl>
  )
}
