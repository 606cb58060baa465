import { useForm, useWatch } from 'react-hook-form'
import { toast } from '@/lib/toast'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import { FormField } from '@/components/ui/form-field'
import { ApiError } from '@/lib/api-client'
import type { FleetAccountView } from '@/lib/fleet-account'
import { texts } from '@/lib/texts'
import { flatZodResolver } from '@/lib/zod-form'
import { saveGeneralSettings } from './api/fleet-account-api'
import {
  generalDefaults,
  generalFieldName,
  generalRequest,
  generalSchema,
  type GeneralValues,
} from './settings-schemas'
import { TimeZoneSelect } from './time-zone-select'
import { useSaveSettings } from './use-save-settings'

/** Company Settings › General: company details; the DOT number is read-only. */
export function GeneralSettingsForm({ account }: { account: FleetAccountView }) {
  const form = useForm<GeneralValues>({
    resolver: flatZodResolver(generalSchema),
    defaultValues: generalDefaults(account),
  })
  const { errors } = form.formState
  const zone = useWatch({ control: form.control, name: 'home_time_zone' })
  const save = useSaveSettings(saveGeneralSettings, (updated) => form.reset(generalDefaults(updated)))
  const f = texts.fleet.settingsForm

  const onSubmit = form.handleSubmit((values) =>
    save.mutate(generalRequest(values), {
      onSuccess: () => toast.success(texts.fleet.generalSaved),
      onError: (error) => {
        let placed = false
        if (error instanceof ApiError) {
          for (const [field, message] of Object.entries(error.fields)) {
            const name = generalFieldName(field)
            if (name) {
              form.setError(name, { message })
              placed = true
            }
          }
        }
        if (!placed) toast.error(texts.fleet.saveFailed, { description: error.message })
      },
    }),
  )

  const field = (name: keyof GeneralValues, label: string, extra: Record<string, unknown> = {}) => (
    <FormField
      id={`general-${name}`}
      label={label}
      error={errors[name]?.message}
      {...extra}
      {...form.register(name)}
    />
  )

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-6">
      <Card>
        <CardHeader>
          <CardTitle>{f.companyDetails}</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4 sm:grid-cols-2">
          <FormField
            id="general-dot_number"
            label={f.dotNumber}
            value={account.dot_number}
            readOnly
            aria-readonly="true"
            hint={texts.fleet.dotReadOnly}
            className="sm:col-span-2"
          />
          {field('legal_name', f.legalName, { autoComplete: 'organization' })}
          {field('dba_name', f.dbaName)}
          {field('mc_number', f.mcNumber)}
          <fieldset className="grid gap-4 sm:col-span-2 sm:grid-cols-2">
            <legend className="mb-2 text-sm font-semibold">{f.physicalAddress}</legend>
            {field('physical_street', f.physicalStreet, { autoComplete: 'street-address' })}
            {field('physical_city', f.physicalCity)}
            {field('physical_state', f.physicalState)}
            {field('physical_zip', f.physicalZip)}
          </fieldset>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>{f.contactDetails}</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4 sm:grid-cols-2">
          {field('contact_first_name', f.contactFirstName, { autoComplete: 'given-name' })}
          {field('contact_last_name', f.contactLastName, { autoComplete: 'family-name' })}
          {field('contact_email', f.contactEmail, { type: 'email', autoComplete: 'email' })}
          {field('contact_phone', f.contactPhone, { type: 'tel', autoComplete: 'tel' })}
          <fieldset className="grid gap-4 sm:col-span-2 sm:grid-cols-2">
            <legend className="mb-2 text-sm font-semibold">{f.contactAddress}</legend>
            {field('contact_street', f.contactStreet)}
            {field('contact_city', f.contactCity)}
            {field('contact_state', f.contactState)}
            {field('contact_zip', f.contactZip)}
          </fieldset>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>{f.timeZone.section}</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4 sm:grid-cols-2">
          <TimeZoneSelect
            account={account}
            value={zone}
            error={errors.home_time_zone?.message}
            {...form.register('home_time_zone')}
          />
        </CardContent>
      </Card>
      <Button type="submit" disabled={save.isPending} className="w-full sm:w-auto">
        {save.isPending ? f.saving : texts.fleet.save}
      </Button>
    </form>
  )
}
