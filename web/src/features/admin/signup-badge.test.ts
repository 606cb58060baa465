import { describe, expect, it } from 'vitest'
import texts from '@contracts/texts.json'
import { signupBadge } from './signup-badge'

const t = texts.admin

describe('signupBadge', () => {
  it('says Completed for a completed signup, whatever else is true', () => {
    expect(signupBadge({ completed: true, has_fleet_admin: false, current_step: 3 })).toEqual({
      label: t.badgeCompleted,
      variant: 'success',
    })
    expect(signupBadge({ completed: true, has_fleet_admin: true, current_step: 1 }).label).toBe('Completed')
  })

  it('says Fleet Admin Assigned for an open signup with a fleet admin', () => {
    expect(signupBadge({ completed: false, has_fleet_admin: true, current_step: 2 })).toEqual({
      label: 'Fleet Admin Assigned',
      variant: 'default',
    })
  })

  it.each([1, 2, 3])('says In Progress (%i/3) otherwise', (step) => {
    expect(signupBadge({ completed: false, has_fleet_admin: false, current_step: step })).toEqual({
      label: `In Progress (${step}/3)`,
      variant: 'warning',
    })
  })
})
