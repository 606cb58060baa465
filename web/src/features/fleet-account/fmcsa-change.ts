import { format, texts } from '@/lib/texts'
import type { FmcsaChange } from './api/fmcsa-api'

/** 'Allowed to operate: Yes → No'; a missing value reads 'none'. */
export function fmcsaChangeText(change: FmcsaChange): string {
  const none = texts.compliance.fmcsaAlert.none
  return format(texts.compliance.fmcsaAlert.change, {
    label: change.label,
    old: change.old_value?.trim() || none,
    new: change.new_value?.trim() || none,
  })
}
