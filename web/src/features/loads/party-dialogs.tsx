import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogTitle } from '@/components/ui/dialog'
import { Input } from '@/components/ui/input'
import { NativeSelect } from '@/components/ui/native-select'
import { ApiError } from '@/lib/api-client'
import { texts } from '@/lib/texts'
import { US_STATES } from '@/lib/us-states'
import type { CustomerView, FacilityView, RateConStop } from './api/loads-api'
import { useCreateCustomer, useCreateFacility } from './api/loads-queries'
import { invalid } from './field-aria'
import { Field } from './form-parts'
import { TIME_ZONES, zoneOfState } from './local-time'

interface CustomerValues {
  name: string
  kind: string
  usdot_number: string
  mc_number: string
  billing_email: string
  payment_terms_days: string
}

const blank = (value: string) => (value.trim() === '' ? null : value.trim())

export interface CustomerDialogProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  /** What the rate con says of the customer. */
  initial?: Partial<CustomerValues>
  onCreated: (customer: CustomerView) => void
}

/** A new customer (POST /api/fleet/customers), without leaving the load form. */
export function CustomerDialog({ open, onOpenChange, initial, onCreated }: CustomerDialogProps) {
  const f = texts.loads.screens.form
  const create = useCreateCustomer()
  const [failure, setFailure] = useState<string | null>(null)
  const { register, handleSubmit, setError, formState } = useForm<CustomerValues>({
    defaultValues: { name: '', kind: 'broker', usdot_number: '', mc_number: '', billing_email: '', payment_terms_days: '30', ...initial },
  })
  const errors = formState.errors
  const submit = handleSubmit((values) => {
    setFailure(null)
    create.mutate(
      {
        name: values.name.trim(),
        kind: values.kind,
        usdot_number: blank(values.usdot_number),
        mc_number: blank(values.mc_number),
        billing_email: blank(values.billing_email),
        payment_terms_days: blank(values.payment_terms_days) === null ? null : Number(values.payment_terms_days),
      },
      {
        onSuccess: (customer) => {
          onCreated(customer)
          onOpenChange(false)
        },
        onError: (error) => {
          const fields = error instanceof ApiError ? Object.entries(error.fields) : []
          for (const [name, message] of fields) setError(name as keyof CustomerValues, { message })
          if (fields.length === 0) setFailure(error.message)
        },
      },
    )
  })
  const field = (name: keyof CustomerValues, label: string, type = 'text') => (
    <Field id={`customer-${name}`} label={label} error={errors[name]?.message}>
      <Input id={`customer-${name}`} type={type} {...register(name)} {...invalid(`customer-${name}`, errors[name]?.message)} />
    </Field>
  )
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90vh] overflow-y-auto">
        <DialogTitle>{f.newCustomerTitle}</DialogTitle>
        <form
          className="space-y-4"
          onSubmit={(event) => {
            // The dialog's form sits inside the load form in the React tree: its submit is its own.
            event.stopPropagation()
            void submit(event)
          }}
        >
          {field('name', f.customerName)}
          <Field id="customer-kind" label={f.customerKind} error={errors.kind?.message}>
            <NativeSelect id="customer-kind" {...register('kind')}>
              <option value="broker">{f.broker}</option>
              <option value="shipper">{f.shipper}</option>
            </NativeSelect>
          </Field>
          <div className="grid gap-4 sm:grid-cols-2">
            {field('usdot_number', f.usdot)}
            {field('mc_number', f.mc)}
          </div>
          {field('billing_email', f.billingEmail, 'email')}
          {field('payment_terms_days', f.paymentTerms, 'number')}
          {failure && <p className="text-sm text-destructive">{failure}</p>}
          <div className="flex justify-end gap-2">
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              {f.cancel}
            </Button>
            <Button type="submit" disabled={create.isPending}>
              {f.saveCustomer}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  )
}

interface FacilityValues {
  name: string
  address: string
  city: string
  state: string
  zip: string
  time_zone: string
  contact_name: string
  contact_phone: string
  hours: string
  arrival_radius_miles: string
}

export interface FacilityDialogProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  /** The facility as the rate con names it. */
  initial?: RateConStop | null
  onCreated: (facility: FacilityView) => void
}

/** A new facility (POST /api/fleet/facilities): its time zone defaults from the state. */
export function FacilityDialog({ open, onOpenChange, initial, onCreated }: FacilityDialogProps) {
  const f = texts.loads.screens.form
  const create = useCreateFacility()
  const [failure, setFailure] = useState<string | null>(null)
  const state = initial?.state?.toUpperCase() ?? ''
  const { register, handleSubmit, setError, setValue, getFieldState, formState } = useForm<FacilityValues>({
    defaultValues: {
      name: initial?.facility_name ?? '',
      address: initial?.address ?? '',
      city: initial?.city ?? '',
      state,
      zip: initial?.zip ?? '',
      time_zone: initial?.time_zone ?? (state ? zoneOfState(state) : 'America/Chicago'),
      contact_name: '',
      contact_phone: '',
      hours: '',
      arrival_radius_miles: '',
    },
  })
  const errors = formState.errors
  const submit = handleSubmit((values) => {
    setFailure(null)
    create.mutate(
      {
        name: values.name.trim(),
        address: values.address.trim(),
        city: values.city.trim(),
        state: values.state,
        zip: blank(values.zip),
        time_zone: values.time_zone,
        contact_name: blank(values.contact_name),
        contact_phone: blank(values.contact_phone),
        hours: blank(values.hours),
        arrival_radius_miles: blank(values.arrival_radius_miles) === null ? null : Number(values.arrival_radius_miles),
      },
      {
        onSuccess: (facility) => {
          onCreated(facility)
          onOpenChange(false)
        },
        onError: (error) => {
          const fields = error instanceof ApiError ? Object.entries(error.fields) : []
          for (const [name, message] of fields) {
            setError((name === 'lat' || name === 'lon' ? 'city' : name) as keyof FacilityValues, { message })
          }
          if (fields.length === 0) setFailure(error.message)
        },
      },
    )
  })
  const field = (name: keyof FacilityValues, label: string) => (
    <Field id={`facility-${name}`} label={label} error={errors[name]?.message}>
      <Input id={`facility-${name}`} {...register(name)} {...invalid(`facility-${name}`, errors[name]?.message)} />
    </Field>
  )
  const stateField = register('state', {
    onChange: (event: { target: { value: string } }) => {
      // The zone follows the state until the user picks one.
      if (!getFieldState('time_zone').isDirty) setValue('time_zone', zoneOfState(event.target.value))
    },
  })
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90vh] overflow-y-auto">
        <DialogTitle>{f.newFacilityTitle}</DialogTitle>
        <form
          className="space-y-4"
          onSubmit={(event) => {
            event.stopPropagation()
            void submit(event)
          }}
        >
          {field('name', f.facilityName)}
          {field('address', f.address)}
          <div className="grid gap-4 sm:grid-cols-3">
            {field('city', f.city)}
            <Field id="facility-state" label={f.state} error={errors.state?.message}>
              <NativeSelect id="facility-state" {...stateField} {...invalid('facility-state', errors.state?.message)}>
                <option value="" />
                {US_STATES.map(([code, name]) => (
                  <option key={code} value={code}>
                    {code} — {name}
                  </option>
                ))}
              </NativeSelect>
            </Field>
            {field('zip', f.zip)}
          </div>
          <Field id="facility-time_zone" label={f.timeZone} error={errors.time_zone?.message}>
            <NativeSelect id="facility-time_zone" {...register('time_zone')}>
              {TIME_ZONES.map((zone) => (
                <option key={zone} value={zone}>
                  {zone}
                </option>
              ))}
            </NativeSelect>
          </Field>
          <div className="grid gap-4 sm:grid-cols-2">
            {field('contact_name', f.contactName)}
            {field('contact_phone', f.contactPhone)}
          </div>
          {field('hours', f.hours)}
          <Field id="facility-arrival_radius_miles" label={f.arrivalRadius} error={errors.arrival_radius_miles?.message}>
            <Input
              id="facility-arrival_radius_miles"
              inputMode="decimal"
              placeholder="0.5"
              {...register('arrival_radius_miles', {
                validate: (v) => v.trim() === '' || /^\d+(\.\d+)?$/.test(v.trim()) || texts.loads.radiusInvalid,
              })}
              {...invalid('facility-arrival_radius_miles', errors.arrival_radius_miles?.message)}
            />
            <p className="text-xs text-muted-foreground">{f.arrivalRadiusHint}</p>
          </Field>
          {failure && <p className="text-sm text-destructive">{failure}</p>}
          <div className="flex justify-end gap-2">
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              {f.cancel}
            </Button>
            <Button type="submit" disabled={create.isPending}>
              {f.saveFacility}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  )
}
