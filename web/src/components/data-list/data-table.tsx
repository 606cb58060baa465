import { Ellipsis } from 'lucide-react'
import { useId, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react'
import { Link, useNavigate } from 'react-router'
import { Button } from '@/components/ui/button'
import { buttonClass } from '@/components/ui/button-variants'
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '@/components/ui/dropdown-menu'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table'
import { cn } from '@/lib/cn'
import { useRowsInViewFirst } from '@/lib/use-rows-in-view-first'
import { useWideScreen } from './use-wide-screen'

/**
 * Where a column's value goes on a phone, where each row is a card: its
 * title, the status beside the title, the action at the card's foot, a
 * labelled line under the title (the default), or nowhere.
 */
export type CardSlot = 'title' | 'status' | 'action' | 'line' | 'hidden'

export interface DataColumn<T> {
  id: string
  /** The column's heading; on a card, the label of its line. */
  header: string
  /** The heading is for screen readers only (e.g. a column of buttons). */
  hideHeader?: boolean
  cell: (item: T) => ReactNode
  /** Its place on a phone's card; 'line' when not given. */
  card?: CardSlot
  /** Classes of the column's cells (and heading) in the table. */
  className?: string
}

/** One entry of a row's "⋯" menu. */
export interface RowMenuItem {
  label: string
  /** A page it opens. */
  href?: string
  /** `href` is a file to download, saved under this name. */
  download?: string
  /** What it does when chosen (e.g. opens a dialog). */
  onSelect?: () => void
  /** Pointed at or focused: a chance to fetch what choosing it needs. */
  onPrepare?: () => void
  /** On a phone's card, a button of its own rather than a menu entry: the row's primary action. */
  primary?: boolean
  destructive?: boolean
  disabled?: boolean
}

/** How the rows behave: their key, the page a row opens and its menu. */
export interface DataRows<T> {
  key: (item: T) => string
  /** The page a row opens on a click anywhere outside its controls, or on Enter while it has focus. */
  href?: (item: T) => string
  /** The row's secondary actions, in a menu behind its "⋯" button. */
  menu?: (item: T) => RowMenuItem[]
}

export interface DataTableProps<T> {
  items: T[]
  columns: DataColumn<T>[]
  rows: DataRows<T>
  /** Accessible name of each row's "⋯" button (which the row's title describes). */
  actionsLabel: string
  /** Classes of the table (md and wider), e.g. a minimum width. */
  className?: string
}

// A click on one of these inside a row is theirs, not the row's.
const CONTROLS =
  'a[href],button,input,select,textarea,label,summary,[role="button"],[role="link"],[role="menuitem"],[role="checkbox"],[role="combobox"],[role="radio"],[role="switch"],[role="tab"]'

/** Whether an event inside a row belongs to a control in it (or reached it through a portal, e.g. an open menu or dialog). */
function fromControl(event: MouseEvent<HTMLElement>): boolean {
  const row = event.currentTarget
  const target = event.target
  if (!(target instanceof Element) || !row.contains(target)) return true
  const control = target.closest(CONTROLS)
  return control !== null && control !== row && row.contains(control)
}

/** The props that make a row (or card) open `href`: a click outside its controls, Enter while it has focus. */
function useOpenOnClick(href: string | undefined) {
  const navigate = useNavigate()
  if (!href) return {}
  return {
    tabIndex: 0,
    'data-href': href,
    onClick: (event: MouseEvent<HTMLElement>) => {
      if (event.defaultPrevented || event.button !== 0 || fromControl(event)) return
      // Selecting a row's text (a VIN to copy) is no click on it.
      if (window.getSelection?.()?.type === 'Range') return
      if (event.metaKey || event.ctrlKey) {
        window.open(href, '_blank', 'noopener')
        return
      }
      void navigate(href)
    },
    onKeyDown: (event: KeyboardEvent<HTMLElement>) => {
      if (event.key !== 'Enter' || event.target !== event.currentTarget) return
      event.preventDefault()
      void navigate(href)
    },
  }
}

// The menu's column stays at the right edge when a wide table scrolls sideways: every row's menu in reach.
const menuCell = 'sticky right-0 w-10 bg-white'

const openable = 'cursor-pointer focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-primary'

/**
 * The rows of a list: a table from Tailwind's md breakpoint up (a row opens
 * on click, its secondary actions in a "⋯" menu), and below it a card per
 * row with its title, status, a few labelled lines and its primary action,
 * so that nothing on a phone needs a sideways scroll.
 */
export function DataTable<T>(props: DataTableProps<T>) {
  const wide = useWideScreen()
  // A 1280×800 screen shows about 20 compact rows; a phone three or four cards.
  const items = useRowsInViewFirst(props.items, wide ? 20 : 6)
  return wide ? <RowsTable {...props} items={items} /> : <RowsCards {...props} items={items} />
}

function RowsTable<T>({ items, columns, rows, actionsLabel, className }: DataTableProps<T>) {
  return (
    // Compact rows (one line, ~32 px): a dozen and more fit a 1280×800 screen.
    <Table className={cn('[&_td]:py-1 [&_th]:h-9 [&_th]:leading-tight', className)}>
      <TableHeader>
        <TableRow>
          {columns.map((column) => (
            <TableHead key={column.id} className={column.className}>
              {column.hideHeader ? <span className="sr-only">{column.header}</span> : column.header}
            </TableHead>
          ))}
          {rows.menu && (
            <TableHead className={menuCell}>
              <span className="sr-only">{actionsLabel}</span>
            </TableHead>
          )}
        </TableRow>
      </TableHeader>
      <TableBody>
        {items.map((item) => (
          <Row key={rows.key(item)} item={item} columns={columns} rows={rows} actionsLabel={actionsLabel} />
        ))}
      </TableBody>
    </Table>
  )
}

interface RowProps<T> {
  item: T
  columns: DataColumn<T>[]
  rows: DataRows<T>
  actionsLabel: string
}

function Row<T>({ item, columns, rows, actionsLabel }: RowProps<T>) {
  const titleId = useId()
  const href = rows.href?.(item)
  const open = useOpenOnClick(href)
  const menu = rows.menu?.(item) ?? []
  return (
    <TableRow {...open} className={cn(href && openable)}>
      {columns.map((column) => (
        <TableCell key={column.id} id={column.card === 'title' ? titleId : undefined} className={column.className}>
          {column.cell(item)}
        </TableCell>
      ))}
      {rows.menu && (
        <TableCell className={cn(menuCell, 'py-0! text-right')}>
          {menu.length > 0 && <RowMenu items={menu} label={actionsLabel} describedBy={titleId} />}
        </TableCell>
      )}
    </TableRow>
  )
}

function RowsCards<T>({ items, columns, rows, actionsLabel }: DataTableProps<T>) {
  return (
    <ul className="space-y-3">
      {items.map((item) => (
        <Card key={rows.key(item)} item={item} columns={columns} rows={rows} actionsLabel={actionsLabel} />
      ))}
    </ul>
  )
}

function Card<T>({ item, columns, rows, actionsLabel }: RowProps<T>) {
  const titleId = useId()
  const href = rows.href?.(item)
  const open = useOpenOnClick(href)
  const menu = rows.menu?.(item) ?? []
  const primary = menu.filter((entry) => entry.primary)
  const secondary = menu.filter((entry) => !entry.primary)
  // A column with nothing to show for this row (a broker's DOT number) leaves no empty line.
  const slot = (name: CardSlot) =>
    columns
      .filter((column) => (column.card ?? 'line') === name)
      .map((column) => ({ id: column.id, header: column.header, value: column.cell(item) }))
      .filter(({ value }) => value !== null && value !== undefined && value !== false && value !== '')
  const actions = slot('action')

  return (
    <li
      {...open}
      data-testid="data-card"
      className={cn('min-w-0 rounded-lg border border-border bg-white p-3 text-sm', href && openable)}
    >
      <div className="flex items-start justify-between gap-2">
        <div id={titleId} className="min-w-0 text-base font-semibold break-words text-ink">
          {slot('title').map((column) => (
            <div key={column.id}>{column.value}</div>
          ))}
        </div>
        {slot('status').map((column) => (
          <div key={column.id} className="shrink-0">
            {column.value}
          </div>
        ))}
      </div>
      {slot('line').length > 0 && (
        <dl className="mt-2 grid grid-cols-[minmax(0,auto)_minmax(0,1fr)] gap-x-3 gap-y-1">
          {slot('line').map((column) => (
            <div key={column.id} className="contents">
              <dt className="text-muted-foreground">{column.header}</dt>
              <dd className="min-w-0 break-words text-ink">{column.value}</dd>
            </div>
          ))}
        </dl>
      )}
      {(actions.length > 0 || menu.length > 0) && (
        <div className="mt-3 flex flex-wrap items-center gap-2">
          {actions.map((column) => (
            <div key={column.id} className="min-w-0">
              {column.value}
            </div>
          ))}
          {primary.map((entry) => (
            <PrimaryAction key={entry.label} entry={entry} />
          ))}
          {secondary.length > 0 && (
            <div className="ml-auto">
              <RowMenu items={secondary} label={actionsLabel} describedBy={titleId} />
            </div>
          )}
        </div>
      )}
    </li>
  )
}

/** A card's primary action: a button (or a link styled as one). */
function PrimaryAction({ entry }: { entry: RowMenuItem }) {
  if (entry.href) {
    const props = { className: buttonClass('outline', 'sm'), onPointerEnter: entry.onPrepare, onFocus: entry.onPrepare }
    return entry.download === undefined ? (
      <Link to={entry.href} {...props}>
        {entry.label}
      </Link>
    ) : (
      <a href={entry.href} download={entry.download} {...props}>
        {entry.label}
      </a>
    )
  }
  return (
    <Button
      variant="outline"
      size="sm"
      disabled={entry.disabled}
      className={cn(entry.destructive && 'text-destructive!')}
      onPointerEnter={entry.onPrepare}
      onFocus={entry.onPrepare}
      onClick={entry.onSelect}
    >
      {entry.label}
    </Button>
  )
}

/** A row's "⋯" button and the menu of its actions. */
function RowMenu({ items, label, describedBy }: { items: RowMenuItem[]; label: string; describedBy: string }) {
  const prepare = () => items.forEach((entry) => entry.onPrepare?.())
  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <Button
          variant="ghost"
          size="icon"
          className="h-6! w-6!"
          aria-label={label}
          aria-describedby={describedBy}
          onPointerEnter={prepare}
          onFocus={prepare}
        >
          <Ellipsis className="h-4 w-4" aria-hidden />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        {items.map((entry) =>
          entry.href ? (
            <DropdownMenuItem key={entry.label} asChild disabled={entry.disabled}>
              {entry.download === undefined ? (
                <Link to={entry.href}>{entry.label}</Link>
              ) : (
                <a href={entry.href} download={entry.download}>
                  {entry.label}
                </a>
              )}
            </DropdownMenuItem>
          ) : (
            <DropdownMenuItem
              key={entry.label}
              disabled={entry.disabled}
              className={cn(entry.destructive && 'text-destructive')}
              // After the menu has closed and given focus back to its button: a dialog
              // the item opens then returns focus there when it closes.
              onSelect={() => {
                if (entry.onSelect) window.setTimeout(entry.onSelect, 0)
              }}
            >
              {entry.label}
            </DropdownMenuItem>
          ),
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  )
}

/** A cell's text kept to one line: a long value ends in an ellipsis (and shows whole on hover). */
export function OneLine({ text }: { text: string }) {
  return (
    <span className="block max-w-48 truncate" title={text}>
      {text}
    </span>
  )
}
