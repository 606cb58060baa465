/** The zones a facility's picker offers (the US's, mainland first). */
export const TIME_ZONES = [
  'America/New_York',
  'America/Detroit',
  'America/Indiana/Indianapolis',
  'America/Kentucky/Louisville',
  'America/Chicago',
  'America/Denver',
  'America/Boise',
  'America/Phoenix',
  'America/Los_Angeles',
  'America/Anchorage',
  'Pacific/Honolulu',
] as const

const CENTRAL = ['AL', 'AR', 'IA', 'IL', 'KS', 'LA', 'MN', 'MO', 'MS', 'ND', 'NE', 'OK', 'SD', 'TN', 'TX', 'WI']
const MOUNTAIN = ['CO', 'MT', 'NM', 'UT', 'WY']
const PACIFIC = ['CA', 'NV', 'OR', 'WA']

/**
 * The zone most of a state keeps, as the picker's default: the user changes
 * it for a facility on the other side of a state's zone line.
 */
export function zoneOfState(state: string): string {
  const code = state.trim().toUpperCase()
  if (CENTRAL.includes(code)) return 'America/Chicago'
  if (MOUNTAIN.includes(code)) return 'America/Denver'
  if (PACIFIC.includes(code)) return 'America/Los_Angeles'
  if (code === 'AZ') return 'America/Phoenix'
  if (code === 'ID') return 'America/Boise'
  if (code === 'IN') return 'America/Indiana/Indianapolis'
  if (code === 'KY') return 'America/Kentucky/Louisville'
  if (code === 'MI') return 'America/Detroit'
  if (code === 'AK') return 'America/Anchorage'
  if (code === 'HI') return 'Pacific/Honolulu'
  return 'America/New_York'
}
