import { useEffect } from 'react'
import { Toaster } from '@/components/ui/toaster'
import { showFlash } from '@/lib/flash-toast'

/**
 * The toaster for a page outside the app shell (the landing page), loaded
 * only when a message waits for it: the Toaster subscribes in its own effect,
 * which runs before this one, so the toast is not missed.
 */
export default function FlashToaster() {
  useEffect(() => {
    showFlash()
  }, [])
  return <Toaster />
}
