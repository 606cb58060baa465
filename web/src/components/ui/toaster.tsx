import { Toaster as Sonner } from 'sonner'

/** The app's toasts; `toast.error(...)` renders in the destructive style. */
export function Toaster() {
  return (
    <Sonner
      // Bottom right: a toast must not cover the header's sign-in or user menu.
      position="bottom-right"
      closeButton
      toastOptions={{
        classNames: {
          toast: 'border border-border bg-white text-ink shadow-lg',
          description: 'text-muted-foreground',
          error: '!border-destructive !bg-destructive !text-destructive-foreground [&_[data-description]]:!text-white/90',
          success: '!border-border',
        },
      }}
    />
  )
}
