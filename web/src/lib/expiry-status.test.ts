import { describe, expect, it } from 'vitest'
import { expiryStatus } from './expiry-status'

// The vectors of the server's `domain::documents` tests (expiry_status_at_every_boundary, the leap-day window).
describe('expiryStatus', () => {
  const today = '2025-01-05'

  it('is none without a date', () => {
    expect(expiryStatus(null, today)).toBe('none')
    expect(expiryStatus('', today)).toBe('none')
    expect(expiryStatus('not a day', today)).toBe('none')
  })

  it('is expired from the day after the expiration date', () => {
    expect(expiryStatus('2025-01-04', today)).toBe('expired')
    expect(expiryStatus('2024-06-01', today)).toBe('expired')
  })

  it('is expiring soon from the expiration date back to 30 days before it', () => {
    expect(expiryStatus('2025-01-05', today)).toBe('expiring_soon')
    expect(expiryStatus('2025-01-06', today)).toBe('expiring_soon')
    expect(expiryStatus('2025-02-04', today)).toBe('expiring_soon')
  })

  it('is valid after that, and the window crosses a leap day', () => {
    expect(expiryStatus('2025-02-05', today)).toBe('valid')
    expect(expiryStatus('2024-03-16', '2024-02-15')).toBe('expiring_soon')
    expect(expiryStatus('2024-03-17', '2024-02-15')).toBe('valid')
  })
})
