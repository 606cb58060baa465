import { useRef } from 'react'

/**
 * Focus back on whatever opened a dialog once it closes. Radix does this only
 * for its own Trigger; these dialogs are opened by buttons in rows and
 * headers. Spread the result onto the dialog's content.
 */
export function useReturnFocus() {
  const opener = useRef<HTMLElement | null>(null)
  return {
    // Called before Radix moves the focus into the dialog: the opener still has it.
    onOpenAutoFocus: () => {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null
    },
    onCloseAutoFocus: (event: Event) => {
      const target = opener.current
      opener.current = null
      if (target?.isConnected) {
        event.preventDefault()
        target.focus()
      }
    },
  }
}
