/** A JSON object as the audit log stores it (`before`, `after`). */
type JsonObject = Record<string, unknown>

export interface AuditChange {
  key: string
  /** JSON text of the old value; undefined when the key was absent. */
  before?: string
  after?: string
}

function show(value: unknown): string | undefined {
  if (value === undefined) return undefined
  return typeof value === 'string' ? value : JSON.stringify(value)
}

/** The keys whose values differ between `before` and `after`, in first-seen order. */
export function auditChanges(before: JsonObject | null, after: JsonObject | null): AuditChange[] {
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])]
  const changes: AuditChange[] = []
  for (const key of keys) {
    const old = before?.[key]
    const now = after?.[key]
    if (JSON.stringify(old) === JSON.stringify(now)) continue
    changes.push({ key, before: show(old), after: show(now) })
  }
  return changes
}
