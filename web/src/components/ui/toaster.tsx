import { useCallback, useEffect, useRef, useSyncExternalStore } from 'react'
import { Toaster as Sonner, toast, useSonner } from 'sonner'

/** Sonner's own phone width: below it toasts span the screen. */
const PHONE = '(max-width: 600px)'

function usePhone(): boolean {
  const subscribe = useCallback((notify: () => void) => {
    const list = window.matchMedia?.(PHONE)
    list?.addEventListener('change', notify)
    return () => list?.removeEventListener('change', notify)
  }, [])
  return useSyncExternalStore(subscribe, () => window.matchMedia?.(PHONE).matches ?? false)
}

/**
 * A success toast settles what an earlier error toast reported (the retry
 * worked, the form was saved after all): the red toast does not stay behind it.
 */
function DismissErrorsOnSuccess() {
  const { toasts } = useSonner()
  const seen = useRef(new Set<string | number>())
  useEffect(() => {
    const fresh = toasts.filter((item) => !seen.current.has(item.id))
    seen.current = new Set(toasts.map((item) => item.id))
    if (!fresh.some((item) => item.type === 'success')) return
    for (const item of toasts) if (item.type === 'error' && !fresh.includes(item)) toast.dismiss(item.id)
  }, [toasts])
  return null
}

/** The app's toasts; `toast.error(...)` renders in the destructive style. */
export function Toaster() {
  const phone = usePhone()
  return (
    <>
      <Sonner
        // Bottom right on a wide screen: clear of the header's sign-in or user
        // menu. At the top on a phone, just below the 4rem header: a bottom
        // toast there covers the full-width primary buttons.
        position={phone ? 'top-center' : 'bottom-right'}
        mobileOffset={{ top: 72 }}
        closeButton
        toastOptions={{
          classNames: {
            toast: 'border border-border bg-white text-ink shadow-lg',
            description: 'text-muted-foreground',
            // Solid white on the red: a translucent white falls below 4.5:1 on #dc2626.
            error:
              '!border-destructive !bg-destructive !text-destructive-foreground [&_[data-description]]:!text-destructive-foreground',
            success: '!border-border',
          },
        }}
      />
      <DismissErrorsOnSuccess />
    </>
  )
}
