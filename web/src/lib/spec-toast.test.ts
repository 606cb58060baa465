import { describe, expect, it } from 'vitest'
import { toastParts } from './spec-toast'

describe('toastParts', () => {
  it('splits at the first separator', () => {
    expect(toastParts('Missing Information: Please select a provider and enter an API key.')).toEqual({
      title: 'Missing Information',
      description: 'Please select a provider and enter an API key.',
    })
    expect(toastParts('Sync Failed: Failed to sync trailers: timeout')).toEqual({
      title: 'Sync Failed',
      description: 'Failed to sync trailers: timeout',
    })
    expect(toastParts('ELD not connected - Please connect an ELD provider in Company Settings first.')).toEqual({
      title: 'ELD not connected',
      description: 'Please connect an ELD provider in Company Settings first.',
    })
  })

  it('keeps a text without a separator as the title', () => {
    expect(toastParts('Successfully synced 4 vehicles')).toEqual({ title: 'Successfully synced 4 vehicles' })
  })
})
