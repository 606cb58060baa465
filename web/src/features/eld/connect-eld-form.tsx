import { CheckCircle2, Eye, EyeOff } from 'lucide-react'
import { useState } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import { toast } from '@/lib/toast'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import { FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { NativeSelect } from '@/components/ui/native-select'
import { ApiError } from '@/lib/api-client'
import { specToast } from '@/lib/spec-toast'
import { format, texts } from '@/lib/texts'
import { useSaveConnection } from './api/eld-queries'
import type { EldIntegrationView, EldView } from '@/lib/eld'
import type { EldConnectionInput } from './api/eld-types'
import { CsvImportCard } from './csv-import-card'

const e = texts.eld

/** Geotab's shared server; a fleet on its own server enters that instead. */
export const DEFAULT_GEOTAB_SERVER = 'my.geotab.com'

interface ConnectValues {
  provider: string
  api_key: string
  server: string
  database: string
  user_name: string
  password: string
}

type FieldName = keyof ConnectValues

function connectDefaults(integration: EldIntegrationView | null): ConnectValues {
  return {
    provider: integration?.provider ?? '',
    api_key: '',
    server: integration?.geotab?.server ?? DEFAULT_GEOTAB_SERVER,
    database: integration?.geotab?.database ?? '',
    user_name: integration?.geotab?.user_name ?? '',
    password: '',
  }
}

const blank = (value: string) => value.trim() === ''

/** The server names fields as sent (`api_key`, `geotab.server`); the form's names drop the `geotab.` prefix. */
function formField(name: string): FieldName | null {
  const field = name.replace(/^geotab\./, '')
  return ['provider', 'api_key', 'server', 'database', 'user_name', 'password'].includes(field)
    ? (field as FieldName)
    : null
}

/**
 * Company Settings › ELD Integration › Connect ELD (spec §2, §5): the
 * provider and the credentials its kind asks for, an API key, Geotab's
 * server/database/user/password, none for the demo provider, a CSV import for
 * Other, and nothing but a notice for Omnitracs.
 */
export function ConnectEldForm({ eld }: { eld: EldView }) {
  const integration = eld.integration
  const form = useForm<ConnectValues>({ defaultValues: connectDefaults(integration) })
  const save = useSaveConnection()
  const [showKey, setShowKey] = useState(false)
  const provider = useWatch({ control: form.control, name: 'provider' })
  const option = eld.providers.find((item) => item.value === provider)
  const kind = option?.credentials
  const savedKey = integration?.provider === provider ? integration.key_hint : null
  const { errors } = form.formState

  const onSubmit = form.handleSubmit((values) => {
    form.clearErrors()
    if (!option) {
      specToast('error', e.missingInformation)
      return
    }
    const body: EldConnectionInput = { provider: option.value }
    if (kind === 'api_key') {
      if (blank(values.api_key) && !savedKey) {
        form.setError('api_key', { message: e.missingInformation })
        specToast('error', e.missingInformation)
        return
      }
      if (!blank(values.api_key)) body.api_key = values.api_key.trim()
    } else if (kind === 'geotab') {
      const missing = (['server', 'database', 'user_name', 'password'] as const).filter((name) => blank(values[name]))
      if (missing.length > 0) {
        for (const name of missing) form.setError(name, { message: e.geotabMissingInformation })
        specToast('error', e.geotabMissingInformation)
        return
      }
      body.geotab = {
        server: values.server.trim(),
        database: values.database.trim(),
        user_name: values.user_name.trim(),
        password: values.password,
      }
    } else if (kind === 'unavailable') {
      return
    }

    save.mutate(body, {
      onSuccess: (view) => {
        form.reset(connectDefaults(view.integration))
        setShowKey(false)
        toast.success(e.connectionSuccessfulTitle, { description: e.connectionSuccessfulText })
      },
      onError: (error) => {
        if (error instanceof ApiError && error.code === 'invalid') {
          for (const [name, message] of Object.entries(error.fields)) {
            const field = formField(name)
            if (field) form.setError(field, { message })
          }
          specToast('error', error.message)
        } else {
          toast.error(e.connectionFailed, { description: error.message })
        }
      },
    })
  })

  const busy = save.isPending
  const fieldError = (name: FieldName) => errors[name]?.message

  return (
    <div className="space-y-6">
      <Card>
        <CardHeader>
          <CardTitle>{integration ? e.updateTitle : e.connectTitle}</CardTitle>
        </CardHeader>
        <CardContent className="space-y-4">
          {integration && (
            // A success state in green, not grey small print under the heading.
            <Alert variant="success" className="flex items-center gap-2 font-medium">
              <CheckCircle2 className="h-4 w-4 shrink-0" aria-hidden />
              <span>{format(e.connectedTo, { provider: integration.provider_label })}</span>
            </Alert>
          )}
          {integration?.needs_attention && (
            <Alert>
              {format(e.needsAttention, {
                provider: integration.provider_label,
                reason: integration.attention_reason ?? texts.errors.generic,
              })}
            </Alert>
          )}
          <form noValidate onSubmit={onSubmit} className="space-y-4">
            <div className="space-y-2">
              <Label htmlFor="eld-provider">{e.provider}</Label>
              <NativeSelect
                id="eld-provider"
                className="sm:max-w-sm"
                aria-invalid={fieldError('provider') ? true : undefined}
                aria-describedby={option?.note && kind !== 'none' && kind !== 'unavailable' ? 'eld-provider-note' : undefined}
                {...form.register('provider')}
              >
                <option value="">{e.selectProvider}</option>
                {eld.providers.map((item) => (
                  <option key={item.value} value={item.value}>
                    {item.label}
                  </option>
                ))}
              </NativeSelect>
              {option?.note && kind !== 'none' && kind !== 'unavailable' && (
                <p id="eld-provider-note" className="text-xs text-muted-foreground">
                  {option.note}
                </p>
              )}
            </div>

            {kind === 'api_key' && (
              <div className="space-y-2">
                <Label htmlFor="eld-api-key">{e.apiKey}</Label>
                <div className="relative sm:max-w-sm">
                  <Input
                    id="eld-api-key"
                    type={showKey ? 'text' : 'password'}
                    autoComplete="off"
                    spellCheck={false}
                    className="pr-11"
                    aria-invalid={fieldError('api_key') ? true : undefined}
                    aria-describedby={savedKey ? 'eld-api-key-hint' : undefined}
                    {...form.register('api_key')}
                  />
                  <button
                    type="button"
                    className="absolute inset-y-0 right-0 flex w-10 items-center justify-center rounded-r-md text-muted-foreground hover:text-ink focus-visible:outline-2 focus-visible:outline-primary"
                    aria-label={showKey ? e.hideApiKey : e.showApiKey}
                    aria-controls="eld-api-key"
                    onClick={() => setShowKey((shown) => !shown)}
                  >
                    {showKey ? <EyeOff className="h-4 w-4" aria-hidden /> : <Eye className="h-4 w-4" aria-hidden />}
                  </button>
                </div>
                {savedKey && (
                  <p id="eld-api-key-hint" className="text-xs text-muted-foreground">
                    {format(e.apiKeyHintSaved, { last4: savedKey })}
                  </p>
                )}
              </div>
            )}

            {kind === 'geotab' && (
              <div className="grid gap-4 sm:grid-cols-2">
                <FormField
                  id="eld-geotab-server"
                  label={e.geotabServer}
                  autoComplete="off"
                  spellCheck={false}
                  error={fieldError('server')}
                  {...form.register('server')}
                />
                <FormField
                  id="eld-geotab-database"
                  label={e.geotabDatabase}
                  autoComplete="off"
                  spellCheck={false}
                  error={fieldError('database')}
                  {...form.register('database')}
                />
                <FormField
                  id="eld-geotab-user"
                  label={e.geotabUserName}
                  autoComplete="off"
                  spellCheck={false}
                  error={fieldError('user_name')}
                  {...form.register('user_name')}
                />
                <FormField
                  id="eld-geotab-password"
                  label={e.geotabPassword}
                  type="password"
                  autoComplete="new-password"
                  error={fieldError('password')}
                  {...form.register('password')}
                />
              </div>
            )}

            {kind === 'none' && <Alert variant="info">{e.demoProviderNotice}</Alert>}
            {kind === 'unavailable' && (
              // Amber, as a notice rather than an error; kept out of the Alert primitive, which the signup pages' budget carries.
              <p role="status" className="rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900">
                {e.omnitracsPartnerOnly}
              </p>
            )}

            <Button type="submit" disabled={busy || kind === 'unavailable'} className="w-full sm:w-auto">
              {busy ? e.connecting : integration ? e.updateButton : e.connectButton}
            </Button>
          </form>
        </CardContent>
      </Card>
      {kind === 'csv' && <CsvImportCard />}
    </div>
  )
}
