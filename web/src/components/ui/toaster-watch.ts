import { toast, type ToasterProps, type ToastT } from 'sonner'
import { PHONE, toasterPosition } from './toaster-position'

/** The toasts' look, and where they show: at the top on a phone, else bottom right. */
function look(phone: boolean): ToasterProps {
  return {
    ...toasterPosition(phone),
    closeButton: true,
    toastOptions: {
      classNames: {
        toast: 'border border-border bg-white text-ink shadow-lg',
        description: 'text-muted-foreground',
        // Solid white on the red: a translucent white falls below 4.5:1 on #dc2626.
        error:
          '!border-destructive !bg-destructive !text-destructive-foreground [&_[data-description]]:!text-destructive-foreground',
        success: '!border-border',
      },
    },
  }
}

/**
 * What the toaster is told once it has mounted (this file loads on its own,
 * out of the signup pages' JavaScript budget): its look for the screen, now
 * and on every change, and every new toast, so that a success toast dismisses
 * the error toasts before it (it settles what they reported: the retry
 * worked, the form was saved after all). Returns the function that stops.
 */
export function watchToaster(toaster: HTMLElement, onLook: (props: ToasterProps) => void): () => void {
  const media = window.matchMedia?.(PHONE)
  const report = () => onLook(look(media?.matches ?? false))
  report()
  media?.addEventListener('change', report)
  const observer = new MutationObserver(() => {
    // Oldest first; a dismissed toast is no longer among them.
    const active = toast.getToasts().filter((item): item is ToastT => 'type' in item)
    const lastSuccess = active.map((item) => item.type).lastIndexOf('success')
    for (const item of active.slice(0, Math.max(0, lastSuccess))) if (item.type === 'error') toast.dismiss(item.id)
  })
  observer.observe(toaster, { childList: true, subtree: true })
  return () => {
    media?.removeEventListener('change', report)
    observer.disconnect()
  }
}
