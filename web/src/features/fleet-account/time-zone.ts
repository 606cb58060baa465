import { format, texts } from '@/lib/texts'
import type { FleetAccountView } from '@/lib/fleet-account'

/** Where the home time zone came from (decision 043). */
export type HomeZoneSource = 'set' | 'fmcsa_state' | 'default'

// Until api-types is regenerated: the account's home time zone fields.
export type HomeZoneFields = {
  home_time_zone?: string
  home_time_zone_source?: HomeZoneSource
}

const t = texts.fleet.settingsForm.timeZone

/** The US zones by name, in the order the settings list them. */
export const US_ZONES: readonly string[] = Object.keys(t.zones)

/** A zone as people read it: the settings' name for a US zone, else the IANA name with spaces. */
export function zoneLabel(zone: string): string {
  const named = (t.zones as Record<string, string>)[zone]
  return named ?? zone.replaceAll('_', ' ')
}

/** Every other IANA zone the browser knows, sorted; empty where it cannot list them. */
export function otherZones(): string[] {
  const intl = Intl as typeof Intl & { supportedValuesOf?: (key: 'timeZone') => string[] }
  const all = typeof intl.supportedValuesOf === 'function' ? intl.supportedValuesOf('timeZone') : []
  const us = new Set(US_ZONES)
  return all.filter((zone) => !us.has(zone) && zone !== 'UTC').concat('UTC').sort()
}

/** The account's zone fields (present once the server has them). */
export function homeZoneOf(account: FleetAccountView): Required<HomeZoneFields> {
  const fields = account as FleetAccountView & HomeZoneFields
  return {
    home_time_zone: fields.home_time_zone ?? 'America/Chicago',
    home_time_zone_source: fields.home_time_zone_source ?? 'default',
  }
}

/** The select's value: the chosen zone, or '' for "the default for my address". */
export function zoneFormValue(account: FleetAccountView): string {
  const zone = homeZoneOf(account)
  return zone.home_time_zone_source === 'set' ? zone.home_time_zone : ''
}

/** The first option: the default, named when the account's zone is the default. */
export function defaultOptionLabel(account: FleetAccountView): string {
  const zone = homeZoneOf(account)
  return zone.home_time_zone_source === 'set'
    ? t.useDefaultPlain
    : format(t.useDefault, { zone: zoneLabel(zone.home_time_zone) })
}

/** Where the zone in effect came from, as the page says it. */
export function sourceText(source: HomeZoneSource): string {
  switch (source) {
    case 'set':
      return t.sourceSet
    case 'fmcsa_state':
      return t.sourceFmcsaState
    default:
      return t.sourceDefault
  }
}
