import { useDeferredValue } from 'react'

/**
 * The rows a long list renders now. Its first render builds only the first
 * `first` rows — about what a screen shows — and the rest follow in a
 * deferred render that React runs in slices a click or a key can interrupt.
 * A screen opened cold becomes usable before its below-the-fold rows are
 * built (issue 29: every fleet screen usable within 1.2 s on a phone at 4×
 * CPU; decision 037). Later renders show every row: a new page's rows
 * replace the old ones in one deferred render.
 */
export function useRowsInViewFirst<T>(items: T[], first: number): T[] {
  return useDeferredValue(items, items.length > first ? items.slice(0, first) : items)
}
