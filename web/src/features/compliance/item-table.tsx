import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table'
import { texts } from '@/lib/texts'
import type { ComplianceItem } from './api/calendar-api'
import type { AssetFilter } from './filter-params'
import { AssetMenu, DocumentDownload, DueDate, ItemTitle } from './item-parts'

const col = texts.compliance.columns

export interface ItemListProps {
  items: ComplianceItem[]
  /** The day the relative phrases count from, 'yyyy-MM-dd'. */
  today: string
  onShowOnly: (asset: AssetFilter) => void
}

/** Items as a table (md and wider): due date, item, its truck, trailer or driver, its document. */
export function ItemTable({ items, today, onShowOnly }: ItemListProps) {
  return (
    <Table className="[&_td]:px-2 [&_th]:px-2">
      <TableHeader>
        <TableRow>
          <TableHead className="w-36">{col.due}</TableHead>
          <TableHead>{col.item}</TableHead>
          <TableHead className="w-1/4">{col.asset}</TableHead>
          <TableHead className="w-12 text-right">
            <span className="sr-only">{col.document}</span>
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {items.map((item) => (
          <TableRow key={item.key} data-testid="compliance-item">
            <TableCell className="align-top">
              <DueDate item={item} today={today} />
            </TableCell>
            <TableCell className="min-w-40 align-top">
              <ItemTitle item={item} />
            </TableCell>
            <TableCell className="min-w-28 align-top">
              <AssetMenu item={item} onShowOnly={onShowOnly} />
            </TableCell>
            <TableCell className="py-1 text-right align-top">
              <DocumentDownload item={item} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  )
}

/** Items as stacked cards (phones): nothing wider than the screen. */
export function ItemCards({ items, today, onShowOnly }: ItemListProps) {
  return (
    <ul className="divide-y divide-border">
      {items.map((item) => (
        <li key={item.key} data-testid="compliance-item" className="space-y-2 py-3 first:pt-0 last:pb-0">
          <div className="flex items-start justify-between gap-2">
            <ItemTitle item={item} />
            <DocumentDownload item={item} />
          </div>
          <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 text-sm">
            <DueDate item={item} today={today} inline />
            <AssetMenu item={item} onShowOnly={onShowOnly} />
          </div>
        </li>
      ))}
    </ul>
  )
}
