import { toast } from '@/lib/toast'
import { takeFlash } from './flash'
import { texts } from './texts'

/** Shows the message a previous page left (see flash.ts), once. */
export function showFlash(): void {
  if (takeFlash() === 'signed-out') {
    // The id keeps a double-run effect (StrictMode) from showing it twice.
    toast.success(texts.auth.signedOutTitle, { id: 'signed-out', description: texts.auth.signedOutDescription })
  }
}
