import { toast } from '@/lib/toast'

/**
 * A spec text written as 'Title: description' or 'Title - description'
 * (spec §8) split into a toast's title and description; a text with neither
 * separator is all title.
 */
export function toastParts(text: string): { title: string; description?: string } {
  const found = [': ', ' - ']
    .map((separator) => ({ separator, at: text.indexOf(separator) }))
    .filter(({ at }) => at > 0)
    .sort((a, b) => a.at - b.at)[0]
  if (!found) return { title: text }
  return { title: text.slice(0, found.at), description: text.slice(found.at + found.separator.length) }
}

type ToastKind = 'success' | 'error' | 'warning' | 'info'

/** Shows a spec text as a toast, split as `toastParts` does; `id` replaces an earlier toast with the same id. */
export function specToast(kind: ToastKind, text: string, options: { id?: string } = {}): void {
  const { title, description } = toastParts(text)
  toast[kind](title, { description, id: options.id })
}
