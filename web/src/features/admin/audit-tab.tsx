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
const targets: Record<string, string> = t.auditTargets

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
          cell: (entry) => <AuditTarget entry={entry} />,
        },
        { id: 'change', header: c.change, cell: (entry) => <AuditChanges entry={entry} /> },
      ]}
      rows={{ key: (entry) => String(entry.id) }}
    />
  )
}

/** What was acted on: its kind and its name; the raw id only when nothing is named by it (a deleted row). */
function AuditTarget({ entry }: { entry: AuditEntry }) {
  const name = entry.names[entry.target_id]
  return (
    <>
      <span className="block text-xs text-muted-foreground">{targets[entry.target_type] ?? entry.target_type}</span>
      {name ? (
        <span className="block break-words" title={entry.target_id}>
          {name}
        </span>
      ) : (
        <code className="block text-xs break-all text-muted-foreground">{entry.target_id}</code>
      )}
    </>
  )
}

function AuditChanges({ entry }: { entry: AuditEntry }) {
  const changes = auditChanges(entry.before, entry.after, entry.names)
  if (changes.length === 0) return <span className="text-muted-foreground">—</span>
  return (
    <dl className="space-y-1 text-xs">
      {changes.map((change) => (
        <div key={change.key} className="flex flex-wrap gap-x-1">
          <dt className="font-semibold">{change.label}:</dt>
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
