import { useEffect, useRef, useState } from 'react'
import { Toaster as Sonner, type ToasterProps } from 'sonner'
import { markToasterMounted } from '@/lib/toast'
import { isPhone, toasterPosition } from './toaster-position'

/**
 * The app's toasts; `toast.error(...)` (lib/toast.ts) renders in the
 * destructive style. It loads after the page it serves (app-shell.tsx), and
 * its look, position and behaviour come from toaster-watch.ts, loaded on its
 * own as it mounts (before any toast has had time to show).
 */
export function Toaster() {
  const ref = useRef<HTMLElement>(null)
  const [look, setLook] = useState<ToasterProps>(() => toasterPosition(isPhone()))
  // Sonner's own toaster subscribes in its effect, which runs before this one.
  useEffect(markToasterMounted, [])
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
