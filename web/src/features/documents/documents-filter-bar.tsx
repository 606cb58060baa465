import { Filter, Search } from 'lucide-react'
import { useId, useState, type FormEvent } from 'react'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { NativeSelect } from '@/components/ui/native-select'
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover'
import { texts } from '@/lib/texts'
import { useVehicleOptions } from './api/documents-queries'
import type { DocumentType } from './api/types'
import { DateRangePicker } from './date-range-picker'
import { DOCUMENT_TYPES, LOAD_DOCUMENT_TYPES, isDocumentType } from './document-types'
import { hasActiveFilters, type DocumentFilters } from './filter-params'
import { vehicleLabel } from './vehicle-label'

const d = texts.documents

export interface DocumentsFilterBarProps {
  filters: DocumentFilters
  onChange: (change: Partial<DocumentFilters>) => void
  onClear: () => void
}

/** Search (on Enter or the Search button), the upload-date range and the Filters menu (type, vehicle, Clear Filters). */
export function DocumentsFilterBar({ filters, onChange, onClear }: DocumentsFilterBarProps) {
  const searchId = useId()
  // What is typed; the list follows the URL's q, which changes on submit only.
  const [search, setSearch] = useState(filters.q)
  const [shownQ, setShownQ] = useState(filters.q)
  if (shownQ !== filters.q) {
    // The URL's q changed by itself (Clear Filters, Back): the box shows it.
    setShownQ(filters.q)
    setSearch(filters.q)
  }

  const submit = (event: FormEvent) => {
    event.preventDefault()
    onChange({ q: search.trim() })
  }

  return (
    <div className="flex flex-wrap items-center gap-2">
      <form role="search" className="flex min-w-0 flex-[1_1_18rem] gap-2" onSubmit={submit}>
        <div className="relative min-w-0 flex-1">
          <label htmlFor={searchId} className="sr-only">
            {d.searchPlaceholder}
          </label>
          <Search
            className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-muted-foreground"
            aria-hidden
          />
          <Input
            id={searchId}
            type="search"
            className="pl-9"
            placeholder={d.searchPlaceholder}
            value={search}
            maxLength={100}
            onChange={(event) => setSearch(event.target.value)}
          />
        </div>
        <Button type="submit" variant="outline">
          {d.search}
        </Button>
      </form>
      <DateRangePicker
        from={filters.from}
        to={filters.to}
        onChange={(range) => onChange(range)}
        className="flex-[1_1_16rem] sm:flex-[0_1_auto]"
      />
      <FiltersMenu filters={filters} onChange={onChange} onClear={onClear} />
    </div>
  )
}

function FiltersMenu({ filters, onChange, onClear }: DocumentsFilterBarProps) {
  const [open, setOpen] = useState(false)
  const id = useId()
  const vehicles = useVehicleOptions(['truck', 'trailer'], open)
  const active = hasActiveFilters(filters)
  const trucks = vehicles.options.filter((vehicle) => vehicle.kind === 'truck')
  const trailers = vehicles.options.filter((vehicle) => vehicle.kind === 'trailer')
  // A vehicle from a shared link that is not (yet) among the choices still shows as chosen.
  const unknownVehicle = filters.vehicle && !vehicles.options.some((vehicle) => vehicle.id === filters.vehicle)

  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverTrigger asChild>
        <Button variant="outline" className="relative">
          <Filter className="h-4 w-4" aria-hidden />
          {d.filters}
          {active && (
            <span
              data-testid="filters-dot"
              aria-hidden
              className="absolute -top-1 -right-1 h-2.5 w-2.5 rounded-full bg-primary ring-2 ring-white"
            />
          )}
        </Button>
      </PopoverTrigger>
      <PopoverContent align="end" className="w-72 space-y-4" aria-label={d.filters}>
        <div className="space-y-2">
          <Label htmlFor={`${id}-type`}>{d.documentType}</Label>
          <NativeSelect
            id={`${id}-type`}
            value={filters.type ?? ''}
            onChange={(event) =>
              onChange({ type: isDocumentType(event.target.value) ? (event.target.value as DocumentType) : null })
            }
          >
            <option value="">{d.allTypes}</option>
            {[...DOCUMENT_TYPES, ...LOAD_DOCUMENT_TYPES].map((type) => (
              <option key={type} value={type}>
                {d.types[type]}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="space-y-2">
          <Label htmlFor={`${id}-vehicle`}>{d.vehicle}</Label>
          <NativeSelect
            id={`${id}-vehicle`}
            value={filters.vehicle ?? ''}
            aria-busy={vehicles.isPending}
            onChange={(event) => onChange({ vehicle: event.target.value || null })}
          >
            <option value="">{d.allVehicles}</option>
            {unknownVehicle && <option value={filters.vehicle ?? ''}>{vehicles.isPending ? '…' : filters.vehicle}</option>}
            {trucks.length > 0 && (
              <optgroup label={d.vehicleTypes.truck}>
                {trucks.map((vehicle) => (
                  <option key={vehicle.id} value={vehicle.id}>
                    {vehicleLabel(vehicle)}
                  </option>
                ))}
              </optgroup>
            )}
            {trailers.length > 0 && (
              <optgroup label={d.vehicleTypes.trailer}>
                {trailers.map((vehicle) => (
                  <option key={vehicle.id} value={vehicle.id}>
                    {vehicleLabel(vehicle)}
                  </option>
                ))}
              </optgroup>
            )}
          </NativeSelect>
          {vehicles.isError && (
            <Alert className="flex flex-wrap items-center justify-between gap-2 px-3 py-2">
              <span>{d.loadVehiclesFailed}</span>
              <Button variant="outline" size="sm" onClick={vehicles.refetch}>
                {d.retry}
              </Button>
            </Alert>
          )}
        </div>
        <Button variant="outline" className="w-full" disabled={!active} onClick={onClear}>
          {d.clearFilters}
        </Button>
      </PopoverContent>
    </Popover>
  )
}
