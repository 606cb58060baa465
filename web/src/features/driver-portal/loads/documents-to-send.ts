/** What the driver sends from a stop: POD pages, or a receipt with its amount. */
export type DocumentKind = 'pod' | 'lumper_receipt' | 'scale_receipt'

export interface DocumentsToSend {
  kind: DocumentKind
  files: File[]
  receiverName?: string
  amountCents?: number
}

/** "125", "125.5", "$1,250.00" → cents; anything else → null. */
export function dollarsToCents(text: string): number | null {
  const cleaned = text.replace(/[$,\s]/g, '')
  if (!/^\d{1,7}(\.\d{1,2})?$/.test(cleaned)) return null
  const [whole, part = ''] = cleaned.split('.')
  return Number(whole) * 100 + Number(part.padEnd(2, '0'))
}
