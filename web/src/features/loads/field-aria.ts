/** The aria props of a control whose field has `error` (its message has the id `${id}-error`). */
export function invalid(id: string, error: string | undefined) {
  return error ? { 'aria-invalid': true as const, 'aria-describedby': `${id}-error` } : {}
}
