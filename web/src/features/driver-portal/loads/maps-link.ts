/** Where a stop is, for the phone's maps app. */
export interface Place {
  lat: number
  lon: number
  name: string
  address: string
  city: string
  state: string
}

/** Apple's devices: iPhone, iPad (which may call itself a Mac with a touch screen). */
export function isAppleMobile(userAgent: string, maxTouchPoints = 0): boolean {
  return /iPhone|iPad|iPod/.test(userAgent) || (/Macintosh/.test(userAgent) && maxTouchPoints > 1)
}

/**
 * Directions to the stop in the phone's maps app: Apple Maps on iOS, Google
 * Maps elsewhere (Android opens its app from the link). The coordinates lead;
 * the name and address label the pin.
 */
export function mapsLink(place: Place, apple: boolean): string {
  const at = `${place.lat.toFixed(6)},${place.lon.toFixed(6)}`
  if (apple) {
    const q = encodeURIComponent(place.name)
    return `https://maps.apple.com/?daddr=${at}&q=${q}&dirflg=d`
  }
  return `https://www.google.com/maps/dir/?api=1&destination=${at}&travelmode=driving`
}
