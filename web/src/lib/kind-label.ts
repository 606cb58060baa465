import { format } from './texts'

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/**
 * A spec text such as 'Truck {number}' filled with `value`, unless the value
 * already starts with the text's leading word: a truck named 'Truck 102' reads
 * 'Truck 102', not 'Truck Truck 102'.
 */
export function kindLabel(template: string, key: string, value: string): string {
  const at = template.indexOf(`{${key}}`)
  const word = at > 0 ? template.slice(0, at).trim() : ''
  if (word && new RegExp(`^${escape(word)}(?![\\p{L}\\p{N}])`, 'iu').test(value.trim())) return value
  return format(template, { [key]: value })
}
