import type { Ref, SelectHTMLAttributes } from 'react'
import { Label } from '@/components/ui/label'
import { NativeSelect } from '@/components/ui/native-select'
import type { FleetAccountView } from '@/lib/fleet-account'
import { texts } from '@/lib/texts'
import { US_ZONES, defaultOptionLabel, homeZoneOf, otherZones, sourceText, zoneLabel } from './time-zone'

const t = texts.fleet.settingsForm.timeZone

interface TimeZoneSelectProps extends SelectHTMLAttributes<HTMLSelectElement> {
  account: FleetAccountView
  /** The form's value, so a stored zone outside both lists is still shown. */
  value?: string
  error?: string
  ref?: Ref<HTMLSelectElement>
}

/**
 * Company Settings › General: the fleet's home time zone, a native select
 * (type-ahead and the phone's picker for free) with the US zones first, and
 * where the zone in effect came from.
 */
export function TimeZoneSelect({ account, value, error, id = 'general-home_time_zone', ...props }: TimeZoneSelectProps) {
  const others = otherZones()
  const listed = value === undefined || value === '' || US_ZONES.includes(value) || others.includes(value)
  const hintId = `${id}-hint`
  const errorId = `${id}-error`
  const source = homeZoneOf(account).home_time_zone_source
  return (
    <div className="space-y-2 sm:col-span-2">
      <Label htmlFor={id}>{t.label}</Label>
      <NativeSelect
        id={id}
        aria-describedby={error ? `${hintId} ${errorId}` : hintId}
        {...(error ? { 'aria-invalid': true } : {})}
        {...props}
      >
        <option value="">{defaultOptionLabel(account)}</option>
        {!listed && value && <option value={value}>{zoneLabel(value)}</option>}
        <optgroup label={t.usZones}>
          {US_ZONES.map((zone) => (
            <option key={zone} value={zone}>
              {zoneLabel(zone)}
            </option>
          ))}
        </optgroup>
        {others.length > 0 && (
          <optgroup label={t.otherZones}>
            {others.map((zone) => (
              <option key={zone} value={zone}>
                {zoneLabel(zone)}
              </option>
            ))}
          </optgroup>
        )}
      </NativeSelect>
      <p id={hintId} className="text-xs text-muted-foreground">
        {sourceText(source)} {t.help}
      </p>
      {error && (
        <p id={errorId} className="text-sm text-destructive">
          {error}
        </p>
      )}
    </div>
  )
}
