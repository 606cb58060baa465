import { useCallback, useMemo } from 'react'
import { useSearchParams } from 'react-router'
import type { BoardRequest } from './api'

// The board's state in its URL, so that a view can be shared and the load
// page can link to a load's assignment: ?from=YYYY-MM-DD&rows=truck
// &customer=<id>&driver=<id>&day=YYYY-MM-DD&assign=<loadId>.

/** Whether a string is a real YYYY-MM-DD date (kept free of the date libraries: the route's prefetch reads it). */
export function isDate(value: string | null): value is string {
  const match = value ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(value) : null
  if (!match) return false
  const [y, m, d] = match.slice(1).map(Number)
  const date = new Date(Date.UTC(y, m - 1, d))
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d
}

export type RowsBy = 'driver' | 'truck'

export interface BoardParams {
  /** The week's first day; empty until chosen (the server's today in the fleet's zone). */
  from: string
  rows: RowsBy
  customerId: string
  driverId: string
  /** The phone's day list; empty for the week's first day or today. */
  day: string
  /** The load whose assignment dialog is open. */
  assign: string
}

export function paramsFromSearch(search: URLSearchParams): BoardParams {
  const from = search.get('from')
  const day = search.get('day')
  return {
    from: isDate(from) ? from : '',
    rows: search.get('rows') === 'truck' ? 'truck' : 'driver',
    customerId: search.get('customer') ?? '',
    driverId: search.get('driver') ?? '',
    day: isDate(day) ? day : '',
    assign: search.get('assign') ?? '',
  }
}

/** The board's days: a week. */
export const DAYS = 7

/** What the board asks the server for (the query's key: the route's prefetch and the page share it). */
export function boardRequest(params: Pick<BoardParams, 'from' | 'customerId' | 'driverId'>): BoardRequest {
  return { from: params.from, days: DAYS, customerId: params.customerId, driverId: params.driverId }
}

const NAMES: Record<keyof BoardParams, string> = {
  from: 'from',
  rows: 'rows',
  customerId: 'customer',
  driverId: 'driver',
  day: 'day',
  assign: 'assign',
}

/** The params and a setter that changes some of them (an empty value, or rows=driver, drops it from the URL). */
export function useBoardParams() {
  const [search, setSearch] = useSearchParams()
  const params = useMemo(() => paramsFromSearch(search), [search])
  const update = useCallback(
    (changes: Partial<BoardParams>, options: { replace?: boolean } = {}) => {
      setSearch(
        (current) => {
          const next = new URLSearchParams(current)
          for (const [key, value] of Object.entries(changes) as [keyof BoardParams, string][]) {
            if (!value || (key === 'rows' && value === 'driver')) next.delete(NAMES[key])
            else next.set(NAMES[key], value)
          }
          return next
        },
        { replace: options.replace },
      )
    },
    [setSearch],
  )
  return [params, update] as const
}
