import { ChevronDown, Download } from 'lucide-react'
import { useState } from 'react'
import { Link } from 'react-router'
import { buttonClass } from '@/components/ui/button-variants'
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover'
import { cn } from '@/lib/cn'
import { format, texts } from '@/lib/texts'
import { documentDownloadUrl, isAssetKind, type ComplianceItem } from './api/calendar-api'
import { relativeDue, shortDay } from './due-dates'
import type { AssetFilter } from './filter-params'
import { kindLabel, styleOf } from './group-styles'

const c = texts.compliance
const menuItem =
  'flex w-full items-center rounded-md px-3 py-2 text-left text-sm text-ink hover:bg-muted focus-visible:bg-muted focus-visible:outline-none'

/** 'Mar 5, 2025' and, in the group's colour, 'in 5 days' or '3 days overdue'. */
export function DueDate({ item, today, inline = false }: { item: ComplianceItem; today: string; inline?: boolean }) {
  return (
    <span className={cn(inline ? 'inline-flex flex-wrap items-baseline gap-x-2' : 'block')}>
      <time dateTime={item.due_on} className="block font-medium whitespace-nowrap text-ink">
        {shortDay(item.due_on)}
      </time>
      <span className={cn('block text-xs font-medium', styleOf(item.group).text)}>{relativeDue(item.due_on, today)}</span>
    </span>
  )
}

/** The item's title, linking to where it is managed, with its type and kind below. */
export function ItemTitle({ item }: { item: ComplianceItem }) {
  return (
    <span className="block min-w-0">
      <Link to={item.link} className="block font-medium break-words text-ink hover:text-primary hover:underline">
        {item.title}
      </Link>
      <span className="block text-xs break-words text-muted-foreground">
        {/* A qualification's or the MCS-150's title is its type already. */}
        {item.type_label && item.type_label !== item.title ? `${item.type_label} · ` : ''}
        {kindLabel(item.kind)}
      </span>
    </span>
  )
}

/**
 * The truck, trailer or driver an item belongs to. Its name opens a small
 * menu: open it, or show only its items (the calendar's asset filter).
 */
export function AssetMenu({ item, onShowOnly }: { item: ComplianceItem; onShowOnly: (asset: AssetFilter) => void }) {
  const [open, setOpen] = useState(false)
  const { asset_id: id, asset_name: name, kind } = item
  if (!name) return <span className="text-muted-foreground">—</span>
  if (!id || !isAssetKind(kind)) return <span className="break-words">{name}</span>
  const kindName = kindLabel(kind).toLowerCase()
  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverTrigger
        className={cn(
          'inline-flex max-w-full items-center gap-1 rounded-sm text-left font-medium text-primary hover:underline',
          'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary',
        )}
      >
        <span className="min-w-0 break-words">{name}</span>
        <ChevronDown className="h-3.5 w-3.5 shrink-0" aria-hidden />
      </PopoverTrigger>
      <PopoverContent className="w-60 p-1" aria-label={name}>
        <Link to={item.link} className={menuItem} onClick={() => setOpen(false)}>
          {format(c.filters.open, { kind: kindName })}
        </Link>
        <button
          type="button"
          className={menuItem}
          onClick={() => {
            setOpen(false)
            onShowOnly({ kind, id, name })
          }}
        >
          {format(c.filters.showOnly, { kind: kindName })}
        </button>
      </PopoverContent>
    </Popover>
  )
}

/** The document's file, when the item is a document. */
export function DocumentDownload({ item }: { item: ComplianceItem }) {
  if (!item.document_id) return null
  const label = format(c.list.download, { name: item.title })
  return (
    <a
      href={documentDownloadUrl(item.document_id)}
      download
      className={buttonClass('ghost', 'icon', 'shrink-0')}
      aria-label={label}
      title={label}
    >
      <Download className="h-4 w-4" aria-hidden />
    </a>
  )
}

/** A spinner inside a button: decorative, so the button keeps its name. */
export function ButtonSpinner() {
  return <span aria-hidden className="h-4 w-4 animate-spin rounded-full border-2 border-current/25 border-t-current" />
}
