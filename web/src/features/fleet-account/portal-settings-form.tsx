import { useForm, useWatch } from 'react-hook-form'
import { toast } from '@/lib/toast'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { Textarea } from '@/components/ui/textarea'
import { ApiError } from '@/lib/api-client'
import type { FleetAccountView } from '@/lib/fleet-account'
import { texts } from '@/lib/texts'
import { savePortalSettings } from './api/fleet-account-api'
import { PortalLink } from './portal-link'
import { missingSystemPassword, type PortalValues } from './settings-schemas'
import { useSaveSettings } from './use-save-settings'

function portalDefaults(account: FleetAccountView): PortalValues {
  return {
    is_enabled: account.portal.is_enabled,
    login_method: account.portal.login_method,
    auth_type: account.portal.auth_type,
    system_password: '',
    welcome_message: account.portal.welcome_message ?? '',
    show_load_revenue: account.portal.show_load_revenue,
  }
}

function systemPasswordRequiredToast() {
  toast.error(texts.fleet.portal.systemPasswordRequiredTitle, {
    description: texts.fleet.portal.systemPasswordRequiredText,
  })
}

const radioClass = 'h-4 w-4 accent-[var(--color-primary)]'

/**
 * Company Settings › Branding › Portal Settings (spec §2, §5): the driver
 * portal switch; the login, authentication and welcome sections show only
 * while it is on. The stored system password is never shown.
 */
export function PortalSettingsForm({ account }: { account: FleetAccountView }) {
  const form = useForm<PortalValues>({ defaultValues: portalDefaults(account) })
  const save = useSaveSettings(savePortalSettings, (updated) => form.reset(portalDefaults(updated)))
  const [isEnabled, authType] = useWatch({ control: form.control, name: ['is_enabled', 'auth_type'] })
  const hasStoredPassword = account.portal.has_system_password
  const p = texts.fleet.portal

  const onSubmit = form.handleSubmit((values) => {
    if (missingSystemPassword(values, hasStoredPassword)) {
      systemPasswordRequiredToast()
      return
    }
    const password = values.system_password.trim()
    save.mutate(
      {
        is_enabled: values.is_enabled,
        login_method: values.login_method,
        auth_type: values.auth_type,
        welcome_message: values.welcome_message.trim() === '' ? null : values.welcome_message,
        system_password: values.auth_type === 'system_password' && password !== '' ? password : null,
        show_load_revenue: values.show_load_revenue,
      },
      {
        onSuccess: () => toast.success(p.savedTitle, { description: p.savedText }),
        onError: (error) => {
          // The server names the field; its required-rule message is the spec's text.
          const fieldMessage = error instanceof ApiError ? error.fields.system_password : undefined
          if (fieldMessage === p.systemPasswordRequired) {
            systemPasswordRequiredToast()
          } else {
            toast.error(p.failedTitle, { description: fieldMessage ?? p.failedText })
          }
        },
      },
    )
  })

  return (
    <Card>
      <CardHeader>
        <CardTitle>{texts.fleet.brandingTabs.portal}</CardTitle>
      </CardHeader>
      <CardContent className="space-y-6">
        <PortalLink />
        <form noValidate onSubmit={onSubmit} className="space-y-6">
          <div className="flex items-center justify-between gap-4 rounded-md border border-border p-4">
            <Label htmlFor="portal-enabled" className="cursor-pointer">
              {p.enable}
            </Label>
            <span className="relative inline-flex shrink-0">
              <input
                id="portal-enabled"
                type="checkbox"
                role="switch"
                className="peer absolute inset-0 z-10 h-full w-full cursor-pointer opacity-0"
                {...form.register('is_enabled')}
              />
              <span
                aria-hidden
                className="h-6 w-11 rounded-full bg-border transition-colors peer-checked:bg-primary peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-primary after:absolute after:top-0.5 after:left-0.5 after:h-5 after:w-5 after:rounded-full after:bg-white after:shadow after:transition-transform peer-checked:after:translate-x-5"
              />
            </span>
          </div>

          {isEnabled && (
            <>
              <fieldset className="space-y-3">
                <legend className="mb-2 text-sm font-semibold">{p.loginMethod}</legend>
                <div className="flex flex-col gap-3 sm:flex-row sm:gap-6">
                  <label className="flex items-center gap-2 text-sm">
                    <input type="radio" value="username" className={radioClass} {...form.register('login_method')} />
                    {p.username}
                  </label>
                  <label className="flex items-center gap-2 text-sm">
                    <input type="radio" value="email" className={radioClass} {...form.register('login_method')} />
                    {p.email}
                  </label>
                </div>
              </fieldset>

              <fieldset className="space-y-3">
                <legend className="mb-2 text-sm font-semibold">{p.authMethod}</legend>
                <div className="flex flex-col gap-3 sm:flex-row sm:gap-6">
                  <label className="flex items-center gap-2 text-sm">
                    <input
                      type="radio"
                      value="system_password"
                      className={radioClass}
                      {...form.register('auth_type')}
                    />
                    {p.systemPassword}
                  </label>
                  <label className="flex items-center gap-2 text-sm">
                    <input
                      type="radio"
                      value="individual_password"
                      className={radioClass}
                      {...form.register('auth_type')}
                    />
                    {p.individualPassword}
                  </label>
                </div>
                {authType === 'system_password' && (
                  <div className="space-y-2 pt-2">
                    <Label htmlFor="portal-system-password">{p.systemPasswordLabel}</Label>
                    <Input
                      id="portal-system-password"
                      type="password"
                      autoComplete="new-password"
                      placeholder={hasStoredPassword ? p.systemPasswordKeep : undefined}
                      aria-describedby={hasStoredPassword ? 'portal-system-password-help' : undefined}
                      {...form.register('system_password')}
                    />
                    {hasStoredPassword && (
                      <p id="portal-system-password-help" className="text-xs text-muted-foreground">
                        {p.systemPasswordKeep}
                      </p>
                    )}
                  </div>
                )}
              </fieldset>

              <div className="space-y-2">
                <Label htmlFor="portal-welcome-message">{p.welcomeMessage}</Label>
                <Textarea id="portal-welcome-message" {...form.register('welcome_message')} />
              </div>

              <div className="space-y-1">
                <label className="flex items-center gap-2 text-sm">
                  <input
                    id="portal-show-load-revenue"
                    type="checkbox"
                    className="h-4 w-4 accent-[var(--color-primary)]"
                    aria-describedby="portal-show-load-revenue-help"
                    {...form.register('show_load_revenue')}
                  />
                  {p.showLoadRevenue}
                </label>
                <p id="portal-show-load-revenue-help" className="text-xs text-muted-foreground">
                  {p.showLoadRevenueHelp}
                </p>
              </div>
            </>
          )}

          <Button type="submit" disabled={save.isPending} className="w-full sm:w-auto">
            {save.isPending ? p.saving : p.save}
          </Button>
        </form>
      </CardContent>
    </Card>
  )
}
