import { format, texts } from '@/lib/texts'
import type { FmcsaCheckResult } from './api/fmcsa-api'

const t = texts.compliance.fmcsaCheck

/** The sentence for what a check found. */
export function checkMessage(result: FmcsaCheckResult, dot: string): string {
  switch (result.outcome) {
    case 'changes':
      return result.changes === 1 ? t.changesOne : format(t.changesMany, { count: String(result.changes) })
    case 'baseline':
      return t.baseline
    case 'not_found':
      return format(t.notFound, { dot })
    case 'already_checked':
      return t.alreadyChecked
    default:
      return t.noChanges
  }
}
