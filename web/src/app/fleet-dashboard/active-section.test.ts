import { describe, expect, it } from 'vitest'
import { activeSection } from './active-section'

describe('activeSection', () => {
  it.each([
    ['/fleet-dashboard', 'overview'],
    ['/fleet-dashboard/', 'overview'],
    ['/fleet-dashboard/profile', 'profile'],
    ['/fleet-dashboard/trucks', 'trucks'],
    ['/fleet-dashboard/trucks/8f1c', 'trucks'],
    ['/fleet-dashboard/trailers', 'trailers'],
    ['/fleet-dashboard/trailers/t-1', 'trailers'],
    ['/fleet-dashboard/drivers', 'drivers'],
    ['/fleet-dashboard/drivers/d-1', 'drivers'],
    ['/fleet-dashboard/documents', 'documents'],
    ['/fleet-dashboard/compliance', 'compliance'],
    ['/fleet-dashboard/compliance/x', null],
    ['/fleet-dashboard/company-settings', 'company-settings'],
    ['/fleet-dashboard/settings', 'settings'],
    ['/fleet-dashboard/billing', 'billing'],
    ['/fleet-dashboard/Trucks/8f1c/', 'trucks'],
    ['/fleet-dashboard/anything-else', null],
    ['/fleet-dashboard/unknown/deeper', null],
    ['/fleet-dashboard/trucks/abc/extra', null],
    ['/fleet-dashboard/profile/x', null],
    ['/fleet-dashboardx', null],
  ] as const)('%s → %s', (path, section) => {
    expect(activeSection(path)).toBe(section)
  })

  it('does not take company-settings for settings', () => {
    expect(activeSection('/fleet-dashboard/company-settings')).not.toBe('settings')
  })

  it('reads ?tab=settings and ?tab=billing on /fleet-dashboard only', () => {
    expect(activeSection('/fleet-dashboard', '?tab=settings')).toBe('settings')
    expect(activeSection('/fleet-dashboard', '?tab=billing')).toBe('billing')
    expect(activeSection('/fleet-dashboard', '?tab=other')).toBe('overview')
    expect(activeSection('/fleet-dashboard/trucks', '?tab=billing')).toBe('trucks')
  })
})
