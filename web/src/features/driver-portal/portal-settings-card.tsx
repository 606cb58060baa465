import { useState, type FormEvent } from 'react'
import { Settings } from 'lucide-react'
import { useForm } from 'react-hook-form'
import { toast } from '@/lib/toast'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import { FormField } from '@/components/ui/form-field'
import { ApiError } from '@/lib/api-client'
import { texts } from '@/lib/texts'
import { flatZodResolver } from '@/lib/zod-form'
import { useChangePortalPassword, useChangePortalPhone } from './api/portal-queries'
import type { PortalHome } from './api/types'
import { changePasswordSchema, type ChangePasswordValues } from './password-schema'
import { errorMessage } from './portal-errors'

const d = texts.driverPortal

export interface PortalSettingsCardProps {
  home: PortalHome
  onSessionEnded: (error: unknown) => boolean
}

/** Settings: the driver's own password (only with individual passwords) and phone number. */
export function PortalSettingsCard({ home, onSessionEnded }: PortalSettingsCardProps) {
  return (
    <Card data-testid="portal-settings">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Settings className="h-5 w-5 text-primary" aria-hidden />
          {d.settings}
        </CardTitle>
      </CardHeader>
      <CardContent className="space-y-8">
        <PhoneForm phone={home.driver.phone ?? ''} onSessionEnded={onSessionEnded} />
        {home.can_change_password && (
          <PasswordForm login={home.driver.username ?? home.driver.email ?? ''} onSessionEnded={onSessionEnded} />
        )}
      </CardContent>
    </Card>
  )
}

function PhoneForm({ phone, onSessionEnded }: { phone: string; onSessionEnded: (error: unknown) => boolean }) {
  const save = useChangePortalPhone()
  const [value, setValue] = useState(phone)
  const fieldError = save.error instanceof ApiError ? save.error.fields.phone : undefined

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    save.mutate(value.trim(), {
      onSuccess: (driver) => {
        setValue(driver.phone ?? '')
        toast.success(d.phoneSaved)
      },
      onError: onSessionEnded,
    })
  }

  return (
    <form onSubmit={onSubmit} className="space-y-3">
      <FormField
        id="portal-phone"
        name="phone"
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        label={d.phone}
        className="[&_input]:h-11"
        value={value}
        onChange={(event) => setValue(event.target.value)}
        error={fieldError}
      />
      {save.isError && !fieldError && <Alert>{errorMessage(save.error)}</Alert>}
      <Button type="submit" size="lg" variant="outline" className="w-full sm:w-auto" disabled={save.isPending}>
        {d.savePhone}
      </Button>
    </form>
  )
}

export function PasswordForm({ login, onSessionEnded }: { login: string; onSessionEnded: (error: unknown) => boolean }) {
  const change = useChangePortalPassword()
  const form = useForm<ChangePasswordValues>({
    resolver: flatZodResolver(changePasswordSchema),
    defaultValues: { currentPassword: '', password: '', confirmPassword: '' },
  })
  const { errors } = form.formState

  const onSubmit = form.handleSubmit((values) =>
    change.mutate(
      { current_password: values.currentPassword, new_password: values.password },
      {
        onSuccess: () => {
          form.reset()
          toast.success(d.passwordChanged)
        },
        onError: (error) => {
          if (onSessionEnded(error)) return
          if (!(error instanceof ApiError)) return
          if (error.fields.current_password) form.setError('currentPassword', { message: error.fields.current_password })
          if (error.fields.new_password) form.setError('password', { message: error.fields.new_password })
        },
      },
    ),
  )
  const fieldErrors = change.error instanceof ApiError ? Object.keys(change.error.fields).length : 0

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-3" aria-labelledby="portal-change-password">
      <h3 id="portal-change-password" className="font-semibold">
        {d.changePassword}
      </h3>
      {login && <input type="hidden" name="username" autoComplete="username" value={login} />}
      <FormField
        id="portal-current-password"
        label={d.currentPassword}
        type="password"
        autoComplete="current-password"
        className="[&_input]:h-11"
        error={errors.currentPassword?.message}
        {...form.register('currentPassword')}
      />
      <FormField
        id="portal-new-password"
        label={d.newPassword}
        type="password"
        autoComplete="new-password"
        className="[&_input]:h-11"
        error={errors.password?.message}
        {...form.register('password')}
      />
      <FormField
        id="portal-confirm-password"
        label={d.inviteConfirm}
        type="password"
        autoComplete="new-password"
        className="[&_input]:h-11"
        error={errors.confirmPassword?.message}
        {...form.register('confirmPassword')}
      />
      {change.isError && fieldErrors === 0 && <Alert>{errorMessage(change.error)}</Alert>}
      <Button type="submit" size="lg" className="w-full sm:w-auto" disabled={change.isPending}>
        {d.changePassword}
      </Button>
    </form>
  )
}
