import { useEffect, useRef, useState } from 'react'
import { Toaster as Sonner, type ToasterProps } from 'sonner'

/**
 * The app's toasts; `toast.error(...)` renders in the destructive style. Their
 * look, position and behaviour come from toaster-watch.ts, loaded on its own
 * as the toaster mounts (before any toast has had time to show): the signup
 * pages load no more than the toaster itself.
 */
export function Toaster() {
  const ref = useRef<HTMLElement>(null)
  const [look, setLook] = useState<ToasterProps>()
  useEffect(() => {
    let stop: (() => void) | undefined
    let gone = false
    void import('./toaster-watch').then(({ watchToaster }) => {
      if (!gone && ref.current) stop = watchToaster(ref.current, setLook)
    })
    return () => {
      gone = true
      stop?.()
    }
  }, [])
  return <Sonner ref={ref} {...look} />
}
