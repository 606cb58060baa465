import { useCallback, useSyncExternalStore } from 'react'

const KEY = 'longhaul.portal.shareLocation'
const listeners = new Set<() => void>()

function read(): boolean {
  try {
    return localStorage.getItem(KEY) === 'yes'
  } catch {
    return false
  }
}

/** Whether the driver lets status updates carry the phone's position (asked once, kept on the phone). */
export function useShareLocation(): [boolean, (on: boolean) => void] {
  const on = useSyncExternalStore(
    (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    read,
    () => false,
  )
  const set = useCallback((next: boolean) => {
    try {
      localStorage.setItem(KEY, next ? 'yes' : 'no')
    } catch {
      // A phone that keeps nothing: the choice lasts this page only.
    }
    listeners.forEach((l) => l())
  }, [])
  return [on, set]
}

/**
 * The phone's position when the driver allows it, or nothing: a tap is never
 * held up for long by a slow fix or a refused permission.
 */
export function currentPosition(timeoutMs = 4_000): Promise<{ lat: number; lon: number } | undefined> {
  if (typeof navigator === 'undefined' || !navigator.geolocation) return Promise.resolve(undefined)
  return new Promise((resolve) => {
    navigator.geolocation.getCurrentPosition(
      (p) => resolve({ lat: p.coords.latitude, lon: p.coords.longitude }),
      () => resolve(undefined),
      { enableHighAccuracy: true, timeout: timeoutMs, maximumAge: 60_000 },
    )
  })
}
