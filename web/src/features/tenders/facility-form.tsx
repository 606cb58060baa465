import { useId, useState } from 'react'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { NativeSelect } from '@/components/ui/native-select'
import { ApiError } from '@/lib/api-client'
import { texts } from '@/lib/texts'
import { TIME_ZONES, zoneOfState } from '@/lib/time-zones'
import { US_STATES } from '@/lib/us-states'
import { useCreateBrokerFacility } from './api/tenders-queries'
import type { FacilityView } from './api/types'
import { invalid } from './display'
import { Field } from './parts'

const f = texts.loads.screens.form

interface Values {
  name: string
  address: string
  city: string
  state: string
  zip: string
  time_zone: string
}

const blank = (value: string) => (value.trim() === '' ? null : value.trim())

/**
 * A new facility of the broker's list (POST /api/broker/facilities), inline
 * in the tender form: not a form element of its own, which would nest in the
 * tender's <form>; Enter in a field adds the facility.
 */
export function FacilityForm({ onCreated, onCancel }: { onCreated: (facility: FacilityView) => void; onCancel: () => void }) {
  const id = useId()
  const create = useCreateBrokerFacility()
  const [values, setValues] = useState<Values>({ name: '', address: '', city: '', state: '', zip: '', time_zone: 'America/Chicago' })
  const [zoneTouched, setZoneTouched] = useState(false)
  const [errors, setErrors] = useState<Partial<Record<keyof Values, string>>>({})
  const [failure, setFailure] = useState<string | null>(null)

  const submit = () => {
    const missing: Partial<Record<keyof Values, string>> = {}
    for (const name of ['name', 'address', 'city', 'state'] as const) if (!values[name].trim()) missing[name] = f.required
    setErrors(missing)
    setFailure(null)
    if (Object.keys(missing).length > 0) return
    create.mutate(
      {
        name: values.name.trim(),
        address: values.address.trim(),
        city: values.city.trim(),
        state: values.state,
        zip: blank(values.zip),
        time_zone: values.time_zone,
      },
      {
        onSuccess: onCreated,
        onError: (error) => {
          const fields = error instanceof ApiError ? Object.entries(error.fields) : []
          const next: Partial<Record<keyof Values, string>> = {}
          for (const [name, message] of fields) next[(name === 'lat' || name === 'lon' ? 'city' : name) as keyof Values] = message
          setErrors(next)
          if (fields.length === 0) setFailure(error.message)
        },
      },
    )
  }

  const input = (name: keyof Values, label: string, autoComplete?: string) => (
    <Field id={`${id}-${name}`} label={label} error={errors[name]}>
      <Input
        id={`${id}-${name}`}
        autoComplete={autoComplete}
        value={values[name]}
        onChange={(event) => setValues((current) => ({ ...current, [name]: event.target.value }))}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault()
            submit()
          }
        }}
        {...invalid(`${id}-${name}`, errors[name])}
      />
    </Field>
  )

  return (
    <div role="group" aria-label={f.newFacilityTitle} className="space-y-3 rounded-lg border border-primary/30 bg-muted p-3">
      <p className="text-sm font-semibold">{f.newFacilityTitle}</p>
      {failure && <Alert>{failure}</Alert>}
      {input('name', f.facilityName, 'organization')}
      {input('address', f.address, 'street-address')}
      <div className="grid gap-3 sm:grid-cols-3">
        {input('city', f.city, 'address-level2')}
        <Field id={`${id}-state`} label={f.state} error={errors.state}>
          <NativeSelect
            id={`${id}-state`}
            value={values.state}
            onChange={(event) => {
              const state = event.target.value
              setValues((current) => ({ ...current, state, time_zone: zoneTouched ? current.time_zone : zoneOfState(state) }))
            }}
            {...invalid(`${id}-state`, errors.state)}
          >
            <option value="">—</option>
            {US_STATES.map(([code]) => (
              <option key={code} value={code}>
                {code}
              </option>
            ))}
          </NativeSelect>
        </Field>
        {input('zip', f.zip, 'postal-code')}
      </div>
      <Field id={`${id}-zone`} label={f.timeZone} error={errors.time_zone}>
        <NativeSelect
          id={`${id}-zone`}
          value={values.time_zone}
          onChange={(event) => {
            setZoneTouched(true)
            setValues((current) => ({ ...current, time_zone: event.target.value }))
          }}
        >
          {TIME_ZONES.map((zone) => (
            <option key={zone} value={zone}>
              {zone}
            </option>
          ))}
        </NativeSelect>
      </Field>
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="outline" size="sm" onClick={onCancel}>
          {f.cancel}
        </Button>
        <Button size="sm" disabled={create.isPending} onClick={submit}>
          {f.saveFacility}
        </Button>
      </div>
    </div>
  )
}
