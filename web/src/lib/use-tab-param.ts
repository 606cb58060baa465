import { useSearchParams } from 'react-router'

/**
 * A screen's tabs bound to `?tab=`: a link can open one
 * (`/fleet-dashboard/drivers/{id}?tab=qualification`), and choosing one
 * replaces the address without a new history entry. The first tab is the
 * address without the parameter; an unknown value shows it too.
 */
export function useTabParam<Tab extends string>(tabs: readonly [Tab, ...Tab[]]): [Tab, (value: string) => void] {
  const [params, setParams] = useSearchParams()
  const requested = params.get('tab')
  const first = tabs[0]
  const tab = tabs.find((candidate) => candidate === requested) ?? first
  const openTab = (value: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current)
        if (value === first) next.delete('tab')
        else next.set('tab', value)
        return next
      },
      { replace: true },
    )
  return [tab, openTab]
}
