import { X } from 'lucide-react'
import { useId } from 'react'
import { cn } from '@/lib/cn'
import { format, texts } from '@/lib/texts'
import { ITEM_KINDS, type ItemKind } from './api/calendar-api'
import type { AssetFilter, CalendarFilters, CalendarView } from './filter-params'
import { kindLabel } from './group-styles'

const c = texts.compliance

interface Option<T extends string> {
  value: T
  label: string
}

/** A row of radio buttons drawn as one control: arrow keys move between them, as in any radio group. */
function Segmented<T extends string>({
  legend,
  options,
  value,
  onChange,
  className,
}: {
  legend: string
  options: Option<T>[]
  value: T
  onChange: (value: T) => void
  className?: string
}) {
  const name = useId()
  return (
    <fieldset className={cn('min-w-0', className)}>
      <legend className="sr-only">{legend}</legend>
      <div className="inline-flex max-w-full flex-wrap gap-1 rounded-lg bg-muted p-1">
        {options.map((option) => (
          <label key={option.value} className="relative cursor-pointer">
            <input
              type="radio"
              name={name}
              value={option.value}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
              className="peer sr-only"
            />
            <span
              className={cn(
                'block rounded-md px-3 py-1.5 text-sm font-medium whitespace-nowrap text-muted-foreground transition-colors hover:text-ink',
                'peer-checked:bg-white peer-checked:text-ink peer-checked:shadow-sm',
                'peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-primary',
              )}
            >
              {option.label}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  )
}

const ALL = 'all'
type KindChoice = ItemKind | typeof ALL

const kindOptions: Option<KindChoice>[] = [
  { value: ALL, label: c.filters.all },
  ...ITEM_KINDS.map((kind) => ({ value: kind, label: kindLabel(kind) })),
]

const viewOptions: Option<CalendarView>[] = [
  { value: 'list', label: c.views.list },
  { value: 'month', label: c.views.month },
]

export interface CalendarToolbarProps {
  filters: CalendarFilters
  onKind: (kind: ItemKind | null) => void
  onAsset: (asset: AssetFilter | null) => void
  onView: (view: CalendarView) => void
}

/** Kind (All, Company, Truck, Trailer, Driver), the chosen truck, trailer or driver as a chip, and List / Month. */
export function CalendarToolbar({ filters, onKind, onAsset, onView }: CalendarToolbarProps) {
  const { asset } = filters
  return (
    <div className="flex flex-wrap items-start justify-between gap-3">
      <div className="flex min-w-0 flex-wrap items-center gap-2" role="group" aria-label={c.filters.label}>
        <Segmented
          legend={c.filters.kind}
          options={kindOptions}
          value={filters.kind ?? ALL}
          onChange={(value) => onKind(value === ALL ? null : value)}
        />
        {asset && <AssetChip asset={asset} onRemove={() => onAsset(null)} />}
      </div>
      <Segmented legend={c.views.label} options={viewOptions} value={filters.view} onChange={onView} />
    </div>
  )
}

function AssetChip({ asset, onRemove }: { asset: AssetFilter; onRemove: () => void }) {
  const values = { kind: kindLabel(asset.kind), name: asset.name }
  return (
    <span
      data-testid="asset-chip"
      className="inline-flex max-w-full min-w-0 items-center gap-1 rounded-full border border-primary/30 bg-primary/5 py-1 pr-1 pl-3 text-sm text-ink"
    >
      <span className="truncate">{format(c.filters.assetChip, values)}</span>
      <button
        type="button"
        onClick={onRemove}
        aria-label={format(c.filters.removeAsset, values)}
        title={format(c.filters.removeAsset, values)}
        className="shrink-0 rounded-full p-1 text-muted-foreground hover:bg-muted hover:text-ink focus-visible:outline-2 focus-visible:outline-primary"
      >
        <X className="h-3.5 w-3.5" aria-hidden />
      </button>
    </span>
  )
}
