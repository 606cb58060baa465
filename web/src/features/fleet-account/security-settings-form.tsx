import { useForm } from 'react-hook-form'
import { toast } from '@/lib/toast'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import { FormField } from '@/components/ui/form-field'
import { ApiError } from '@/lib/api-client'
import type { FleetAccountView } from '@/lib/fleet-account'
import { texts } from '@/lib/texts'
import { flatZodResolver } from '@/lib/zod-form'
import { saveSecuritySettings } from './api/fleet-account-api'
import {
  SESSION_TIMEOUT_DEFAULT,
  SESSION_TIMEOUT_MAX,
  SESSION_TIMEOUT_MIN,
  securitySchema,
  type SecurityValues,
} from './settings-schemas'
import { useSaveSettings } from './use-save-settings'

function securityDefaults(account: FleetAccountView): SecurityValues {
  return {
    session_timeout_minutes: String(account.security.session_timeout_minutes || SESSION_TIMEOUT_DEFAULT),
  }
}

/** Company Settings › Security: the session timeout (minimum 15, default 60 minutes). */
export function SecuritySettingsForm({ account }: { account: FleetAccountView }) {
  const form = useForm<SecurityValues>({
    resolver: flatZodResolver(securitySchema),
    defaultValues: securityDefaults(account),
  })
  const save = useSaveSettings(saveSecuritySettings, (updated) => form.reset(securityDefaults(updated)))
  const { errors } = form.formState

  const onSubmit = form.handleSubmit((values) =>
    save.mutate(
      { session_timeout_minutes: Number(values.session_timeout_minutes.trim()) },
      {
        onSuccess: () => toast.success(texts.fleet.securitySaved),
        onError: (error) => {
          const message = error instanceof ApiError ? error.fields.session_timeout_minutes : undefined
          if (message) form.setError('session_timeout_minutes', { message })
          else toast.error(texts.fleet.saveFailed, { description: error.message })
        },
      },
    ),
  )

  return (
    <Card>
      <CardHeader>
        <CardTitle>{texts.fleet.settingsTabs.security}</CardTitle>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={onSubmit} className="space-y-4">
          <FormField
            id="security-session-timeout"
            label={texts.fleet.sessionTimeout}
            type="number"
            inputMode="numeric"
            min={SESSION_TIMEOUT_MIN}
            max={SESSION_TIMEOUT_MAX}
            step={1}
            className="max-w-xs"
            hint={texts.fleet.sessionTimeoutHelp}
            error={errors.session_timeout_minutes?.message}
            {...form.register('session_timeout_minutes')}
          />
          <Button type="submit" disabled={save.isPending} className="w-full sm:w-auto">
            {save.isPending ? texts.fleet.settingsForm.saving : texts.fleet.save}
          </Button>
        </form>
      </CardContent>
    </Card>
  )
}
