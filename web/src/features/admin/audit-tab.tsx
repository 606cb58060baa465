import { usePagedList } from '@/components/data-list/use-paged-list'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table'
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
    >
      {(entries) => (
        <Table className="min-w-[880px]">
          <TableHeader>
            <TableRow>
              <TableHead>{c.when}</TableHead>
              <TableHead>{c.who}</TableHead>
              <TableHead>{c.action}</TableHead>
              <TableHead>{c.target}</TableHead>
              <TableHead>{c.change}</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {entries.map((entry) => (
              <TableRow key={entry.id} className="align-top">
                <TableCell className="whitespace-nowrap">{formatDateTime(entry.created_at)}</TableCell>
                <TableCell className="break-words">{entry.actor_email}</TableCell>
                <TableCell>{actions[entry.action] ?? entry.action}</TableCell>
                <TableCell>
                  <span className="block">{entry.target_type}</span>
                  <code className="block text-xs break-all text-muted-foreground">{entry.target_id}</code>
                </TableCell>
                <TableCell>
                  <AuditChanges entry={entry} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </AdminList>
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
