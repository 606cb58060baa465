// The dollars ↔ cents rules moved to lib (the tenders feature types money too).
export { centsToDollars, dollarsToCents, formatDollars, isDollars } from '@/lib/dollars'
