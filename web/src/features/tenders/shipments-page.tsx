import { Search } from 'lucide-react'
import { useEffect, useId, useState, type ReactNode } from 'react'
import { Link, useSearchParams } from 'react-router'
import { DataTable, type DataColumn } from '@/components/data-list/data-table'
import { Pagination } from '@/components/data-list/pagination'
import { LoadError } from '@/components/load-error'
import { Badge } from '@/components/ui/badge'
import { Input } from '@/components/ui/input'
import { Spinner } from '@/components/ui/spinner'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs'
import { formatDollars } from '@/lib/dollars'
import { brokerRoutes } from '@/lib/routes'
import { texts } from '@/lib/texts'
import { useDebouncedValue } from '@/lib/use-debounced-value'
import { useShipments } from './api/tenders-queries'
import type { ShipmentRow } from './api/types'
import { shipmentStatusLabel, shipmentStatusVariant } from './labels'
import { isFilter, SHIPMENT_FILTERS, shipmentParamsOf } from './shipment-params'

const s = texts.tenderScreens.shipments

const day = (instant: string) =>
  new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' }).format(new Date(instant))

const columns: DataColumn<ShipmentRow>[] = [
  {
    id: 'load',
    header: s.columns.loadNumber,
    card: 'title',
    cell: (row) => (
      <Link to={brokerRoutes.shipment(row.id)} className="font-medium text-primary hover:underline">
        {row.load_number}
      </Link>
    ),
  },
  { id: 'pro', header: s.columns.pro, className: 'whitespace-nowrap', cell: (row) => row.pro_number },
  { id: 'carrier', header: s.columns.carrier, cell: (row) => <span className="break-words">{row.carrier_name}</span> },
  {
    id: 'lane',
    header: s.columns.lane,
    cell: (row) => (
      <span className="block min-w-0 break-words">
        <span className="whitespace-nowrap">{row.origin}</span> → <span className="whitespace-nowrap">{row.destination}</span>
      </span>
    ),
  },
  { id: 'pickup', header: s.columns.pickup, className: 'whitespace-nowrap', cell: (row) => day(row.first_pickup_at) },
  {
    id: 'status',
    header: s.columns.status,
    card: 'status',
    className: 'whitespace-nowrap',
    cell: (row) => <Badge variant={shipmentStatusVariant(row.status)}>{shipmentStatusLabel(row.status)}</Badge>,
  },
  {
    id: 'total',
    header: s.columns.total,
    className: 'whitespace-nowrap text-right tabular-nums',
    cell: (row) => formatDollars(row.total_cents),
  },
]

/** /broker/shipments: the broker's booked loads by status, searched and paged on the server. */
export default function ShipmentsPage() {
  const searchId = useId()
  const [params, setParams] = useSearchParams()
  const request = shipmentParamsOf(params)
  const [search, setSearch] = useState(request.q)
  const debounced = useDebouncedValue(search.trim(), 300)
  const update = (changes: Record<string, string | null>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current)
        for (const [key, value] of Object.entries(changes)) {
          if (value === null || value === '') next.delete(key)
          else next.set(key, value)
        }
        return next
      },
      { replace: true },
    )
  useEffect(() => {
    if (debounced !== request.q) update({ q: debounced, page: null })
    // Only a new debounced text searches; the address changing keeps the box as typed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debounced])

  const query = useShipments(request)
  const noneYet = query.isSuccess && query.data.total === 0 && request.status === 'all' && !request.q

  let body: ReactNode
  if (query.isError) {
    body = <LoadError title={s.loadFailed} message={query.error.message} retryLabel={texts.tenderScreens.retry} onRetry={() => void query.refetch()} />
  } else if (query.isPending) {
    body = (
      <div className="flex justify-center py-10">
        <Spinner label={texts.tenderScreens.loading} />
      </div>
    )
  } else if (noneYet) {
    body = <p className="py-10 text-center text-sm text-muted-foreground">{s.empty}</p>
  } else if (query.data.shipments.length === 0) {
    body = <p className="py-10 text-center text-sm text-muted-foreground">{s.noResults}</p>
  } else {
    body = (
      <>
        <DataTable
          items={query.data.shipments}
          columns={columns}
          rows={{ key: (row) => row.id, href: (row) => brokerRoutes.shipment(row.id) }}
          actionsLabel={s.title}
        />
        <Pagination
          data={{ items: query.data.shipments, total: query.data.total, page: request.page, per_page: query.data.per_page }}
          onPage={(page) => update({ page: page <= 1 ? null : String(page) })}
          busy={query.isFetching}
          texts={{ ...s, retry: texts.tenderScreens.retry }}
        />
      </>
    )
  }

  return (
    <div className="space-y-6">
      <div className="space-y-1">
        <h1 className="text-2xl font-bold tracking-tight">{s.title}</h1>
        <p className="text-muted-foreground">{s.description}</p>
      </div>
      <Tabs
        value={request.status}
        onValueChange={(value) => isFilter(value) && update({ status: value === 'all' ? null : value, page: null })}
        className="space-y-4 rounded-xl border border-border bg-white p-4 shadow-sm sm:p-6"
      >
        <div className="flex flex-wrap items-center gap-3">
          <div className="relative min-w-0 flex-1 basis-64">
            <label htmlFor={searchId} className="sr-only">
              {s.search}
            </label>
            <Search className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
            <Input
              id={searchId}
              type="search"
              className="pl-9"
              placeholder={s.search}
              value={search}
              onChange={(event) => setSearch(event.target.value)}
            />
          </div>
          {query.isFetching && !query.isPending && <Spinner className="h-5 w-5 border-2" label={texts.tenderScreens.loading} />}
        </div>
        <TabsList aria-label={s.statusTabs} className="flex-wrap!">
          {SHIPMENT_FILTERS.map((filter) => (
            <TabsTrigger key={filter} value={filter}>
              {s.tabs[filter]}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value={request.status} className="space-y-4">
          {body}
        </TabsContent>
      </Tabs>
    </div>
  )
}
