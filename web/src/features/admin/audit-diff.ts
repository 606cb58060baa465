import { texts } from '@/lib/texts'

/** A JSON object as the audit log stores it (`before`, `after`). */
type JsonObject = Record<string, unknown>

export interface AuditChange {
  key: string
  /** The field's label (texts.admin.auditFields, else the key in words). */
  label: string
  /** The old value as shown (a name for a known id); undefined when the key was absent. */
  before?: string
  after?: string
}

const fieldLabels: Record<string, string> = texts.admin.auditFields

/** 'fleet_status' → 'Fleet status': a key the texts do not name yet still reads as words. */
export function auditFieldLabel(key: string): string {
  const known = fieldLabels[key]
  if (known) return known
  const words = key.replace(/_/g, ' ').trim()
  return words.charAt(0).toUpperCase() + words.slice(1)
}

function show(value: unknown, names: Record<string, string>): string | undefined {
  if (value === undefined) return undefined
  if (value === null) return '—'
  if (typeof value === 'boolean') return value ? texts.admin.auditYes : texts.admin.auditNo
  if (typeof value === 'string') return names[value] ?? value
  return JSON.stringify(value)
}

/**
 * The keys whose values differ between `before` and `after`, in first-seen
 * order, with ids shown as what they name (`names`, from the server).
 */
export function auditChanges(
  before: JsonObject | null,
  after: JsonObject | null,
  names: Record<string, string> = {},
): AuditChange[] {
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])]
  const changes: AuditChange[] = []
  for (const key of keys) {
    const old = before?.[key]
    const now = after?.[key]
    if (JSON.stringify(old) === JSON.stringify(now)) continue
    changes.push({ key, label: auditFieldLabel(key), before: show(old, names), after: show(now, names) })
  }
  return changes
}
