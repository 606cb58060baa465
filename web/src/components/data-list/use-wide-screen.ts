import { useCallback, useSyncExternalStore } from 'react'

const WIDE = '(min-width: 768px)'

/**
 * Tailwind's md breakpoint and up, kept up to date: a list is a table there
 * and a card per row below. Where the browser has no matchMedia (the unit
 * tests' jsdom), wide.
 */
export function useWideScreen(): boolean {
  const subscribe = useCallback((notify: () => void) => {
    const list = window.matchMedia?.(WIDE)
    if (!list) return () => {}
    list.addEventListener('change', notify)
    return () => list.removeEventListener('change', notify)
  }, [])
  return useSyncExternalStore(subscribe, () => window.matchMedia?.(WIDE).matches ?? true)
}
