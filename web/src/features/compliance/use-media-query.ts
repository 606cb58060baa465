import { useCallback, useSyncExternalStore } from 'react'

/**
 * Whether a media query matches, kept up to date. Where the browser has no
 * matchMedia (the unit tests' jsdom), `fallback`.
 */
export function useMediaQuery(query: string, fallback: boolean): boolean {
  const subscribe = useCallback(
    (notify: () => void) => {
      const list = window.matchMedia?.(query)
      if (!list) return () => {}
      list.addEventListener('change', notify)
      return () => list.removeEventListener('change', notify)
    },
    [query],
  )
  return useSyncExternalStore(subscribe, () => window.matchMedia?.(query).matches ?? fallback)
}

/** Tailwind's md breakpoint: a table at and above it, stacked cards below. */
export const useWideScreen = () => useMediaQuery('(min-width: 768px)', true)
