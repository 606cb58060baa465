import type { ExternalToast, toast as sonnerToast } from 'sonner'

type Sonner = typeof sonnerToast
type Message = Parameters<Sonner['success']>[0]

let toasterMounted: () => void = () => {}
const mounted = new Promise<void>((resolve) => (toasterMounted = resolve))

/**
 * Called by the toaster once it listens: sonner drops a toast made before any
 * toaster subscribed, and the toaster now loads after the page it serves.
 */
export function markToasterMounted(): void {
  toasterMounted()
}

let sonner: Promise<Sonner> | undefined
const load = () => (sonner ??= Promise.all([import('sonner'), mounted]).then(([module]) => module.toast))

/** Shows a toast once sonner has loaded and a toaster listens. */
function show(kind: 'success' | 'error' | 'warning' | 'info') {
  return (message: Message, options?: ExternalToast): void => {
    void load().then((toast) => toast[kind](message, options))
  }
}

/**
 * The app's toasts: sonner's `toast`, which loads with the toaster instead of
 * with every page, so that no page's first screen waits for the toast library
 * (the signup pages' 50 kB budget, scripts/check-bundle.mjs). Calls keep their
 * order: each waits for the same import and the toaster's mount.
 */
export const toast = {
  success: show('success'),
  error: show('error'),
  warning: show('warning'),
  info: show('info'),
  dismiss(id?: string | number): void {
    void load().then((toast) => toast.dismiss(id))
  },
}
