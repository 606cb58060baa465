import type { ToasterProps } from 'sonner'

/** Sonner's own phone width: below it toasts span the screen. */
export const PHONE = '(max-width: 600px)'

/**
 * Where toasts show: at the top on a phone, below the 4rem header (at the
 * bottom a toast covers the full-width primary buttons), else bottom right,
 * clear of the header's sign-in or user menu. Known from the first render,
 * so a toast raised before the rest of the look has loaded does not show at
 * the bottom and then jump.
 */
export function toasterPosition(phone: boolean): Pick<ToasterProps, 'position' | 'mobileOffset'> {
  return { position: phone ? 'top-center' : 'bottom-right', mobileOffset: { top: 72 } }
}

export const isPhone = () => (typeof window.matchMedia === 'function' ? window.matchMedia(PHONE).matches : false)
