import { formatCents } from '@/lib/money'
import { texts } from '@/lib/texts'
import type { CompanyInfo } from './api/signup-api'

const t = texts.signup

/** "$1,299/month" from 129900 cents. */
export function monthlyRate(cents: number): string {
  return `${formatCents(cents)}${t.perMonth}`
}

/** "street, city, state zip", leaving out the parts the registry does not have. */
export function formatAddress(company: CompanyInfo): string {
  const stateZip = [company.state, company.zip_code].filter(Boolean).join(' ')
  const parts = [company.street_address, company.city, stateZip].filter(Boolean)
  return parts.length ? parts.join(', ') : t.notAvailable
}

export function orNotAvailable(value: string | null | undefined): string {
  return value && value.trim() ? value : t.notAvailable
}
