/** none (no expiration date), expired, expiring_soon or valid: the server's `domain::documents::expiry_status`, judged on the fleet's day. */
export type ExpiryStatus = 'none' | 'expired' | 'expiring_soon' | 'valid'
