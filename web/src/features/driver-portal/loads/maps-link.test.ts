import { describe, expect, it } from 'vitest'
import { isAppleMobile, mapsLink } from './maps-link'

const dock = { lat: 36.162664, lon: -86.781602, name: 'Nashville DC & Co', address: '1 Main St', city: 'Nashville', state: 'TN' }

describe('the Navigate link', () => {
  it('opens Apple Maps on an iPhone and an iPad that says it is a Mac', () => {
    expect(isAppleMobile('Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X)')).toBe(true)
    expect(isAppleMobile('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7)', 5)).toBe(true)
    expect(isAppleMobile('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7)', 0)).toBe(false)
    expect(isAppleMobile('Mozilla/5.0 (Linux; Android 15; Pixel 9)')).toBe(false)
    expect(mapsLink(dock, true)).toBe(
      'https://maps.apple.com/?daddr=36.162664,-86.781602&q=Nashville%20DC%20%26%20Co&dirflg=d',
    )
  })

  it('opens Google Maps directions elsewhere, to the coordinates', () => {
    expect(mapsLink(dock, false)).toBe(
      'https://www.google.com/maps/dir/?api=1&destination=36.162664,-86.781602&travelmode=driving',
    )
  })
})
