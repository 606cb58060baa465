/**
 * Every user-visible spec text, verbatim from contracts/texts.json. Always
 * use it as `texts.section.key`: the bundler splits the file by section
 * (build/texts-sections.ts) and ships each page only what it reads.
 */
import * as texts from '@contracts/texts.json'

export { texts }

/** Replaces `{name}` placeholders in a spec text. */
export function format(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{(\w+)\}/g, (match, key: string) =>
    key in values ? String(values[key]) : match,
  )
}
