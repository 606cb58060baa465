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
          // Solid white on the red: a translucent white falls below 4.5:1 on #dc2626.
          error:
            '!border-destructive !bg-destructive !text-destructive-foreground [&_[data-description]]:!text-destructive-foreground',
          success: '!border-border',
        },
      }}
    />
  )
}
