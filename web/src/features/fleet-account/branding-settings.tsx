import { ImageUp, Trash2 } from 'lucide-react'
import { useRef, useState } from 'react'
import { useForm, useWatch, type UseFormRegister } from 'react-hook-form'
import { toast } from '@/lib/toast'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { ApiError } from '@/lib/api-client'
import type { FleetAccountView } from '@/lib/fleet-account'
import { texts } from '@/lib/texts'
import { flatZodResolver } from '@/lib/zod-form'
import { removeLogo, saveBrandingSettings, uploadLogo } from './api/fleet-account-api'
import { DEFAULT_PRIMARY, DEFAULT_SECONDARY, isHexColor } from './branding'
import { brandingSchema, type BrandingValues } from './settings-schemas'
import { useSaveSettings } from './use-save-settings'

const LOGO_TYPES = 'image/png,image/jpeg,image/webp,image/gif'

function LogoSection({ account }: { account: FleetAccountView }) {
  const inputRef = useRef<HTMLInputElement>(null)
  const [error, setError] = useState<string | null>(null)
  const [version, setVersion] = useState(0)
  const f = texts.fleet.settingsForm
  const upload = useSaveSettings(uploadLogo, () => setVersion(Date.now()))
  const remove = useSaveSettings(removeLogo)
  const busy = upload.isPending || remove.isPending
  const logoUrl = account.branding.logo_url
  const previewUrl = logoUrl && version ? `${logoUrl}${logoUrl.includes('?') ? '&' : '?'}v=${version}` : logoUrl

  const onFile = (file: File | undefined) => {
    if (!file) return
    setError(null)
    upload.mutate(file, {
      onSuccess: () => toast.success(f.logoUploaded),
      onError: (e) => setError(e.message),
      onSettled: () => {
        if (inputRef.current) inputRef.current.value = ''
      },
    })
  }

  return (
    <div className="space-y-3">
      <Label htmlFor="branding-logo">{texts.fleet.logo}</Label>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
        <div className="flex h-20 w-40 shrink-0 items-center justify-center rounded-md border border-dashed border-border bg-muted p-2">
          {previewUrl ? (
            <img src={previewUrl} alt={f.logoPreviewAlt} className="max-h-full max-w-full object-contain" />
          ) : (
            <span className="text-center text-xs text-muted-foreground">{f.noLogo}</span>
          )}
        </div>
        <div className="flex flex-wrap gap-2">
          <input
            ref={inputRef}
            id="branding-logo"
            type="file"
            accept={LOGO_TYPES}
            className="sr-only"
            tabIndex={-1}
            aria-describedby="branding-logo-help"
            onChange={(event) => onFile(event.target.files?.[0])}
          />
          <Button variant="outline" disabled={busy} onClick={() => inputRef.current?.click()}>
            <ImageUp className="h-4 w-4" aria-hidden />
            {upload.isPending ? f.uploading : texts.fleet.uploadLogo}
          </Button>
          {logoUrl && (
            <Button
              variant="outline"
              disabled={busy}
              onClick={() => {
                setError(null)
                remove.mutate(undefined, {
                  onSuccess: () => toast.success(f.logoRemoved),
                  onError: (e) => setError(e.message),
                })
              }}
            >
              <Trash2 className="h-4 w-4" aria-hidden />
              {texts.fleet.removeLogo}
            </Button>
          )}
        </div>
      </div>
      <p id="branding-logo-help" className="text-xs text-muted-foreground">
        {texts.fleet.logoHelp}
      </p>
      {error && <Alert>{error}</Alert>}
    </div>
  )
}

function ColorField({
  name,
  label,
  pickerLabel,
  value,
  error,
  onChange,
  register,
}: {
  name: keyof BrandingValues
  label: string
  pickerLabel: string
  value: string
  error?: string
  onChange: (value: string) => void
  register: UseFormRegister<BrandingValues>
}) {
  const id = `branding-${name}`
  const errorId = `${id}-error`
  return (
    <div className="space-y-2">
      <Label htmlFor={id}>{label}</Label>
      <div className="flex items-center gap-2">
        <input
          type="color"
          aria-label={pickerLabel}
          value={isHexColor(value) ? value.toLowerCase() : '#000000'}
          onChange={(event) => onChange(event.target.value.toUpperCase())}
          className="h-10 w-12 shrink-0 cursor-pointer rounded-md border border-border bg-white p-1"
        />
        <Input
          id={id}
          maxLength={7}
          spellCheck={false}
          autoComplete="off"
          className="font-mono"
          {...(error ? { 'aria-invalid': true, 'aria-describedby': errorId } : {})}
          {...register(name)}
        />
      </div>
      {error && (
        <p id={errorId} className="text-sm text-destructive">
          {error}
        </p>
      )}
    </div>
  )
}

function ColorsForm({ account }: { account: FleetAccountView }) {
  const defaults = (a: FleetAccountView): BrandingValues => ({
    primary_color: a.branding.primary_color || DEFAULT_PRIMARY,
    secondary_color: a.branding.secondary_color || DEFAULT_SECONDARY,
  })
  const form = useForm<BrandingValues>({
    resolver: flatZodResolver(brandingSchema),
    defaultValues: defaults(account),
  })
  const save = useSaveSettings(saveBrandingSettings, (updated) => form.reset(defaults(updated)))
  const { errors } = form.formState
  const values = useWatch({ control: form.control })
  const f = texts.fleet.settingsForm

  const onSubmit = form.handleSubmit((body) =>
    save.mutate(
      { primary_color: body.primary_color.trim(), secondary_color: body.secondary_color.trim() },
      {
        onSuccess: () => toast.success(texts.fleet.brandingSaved),
        onError: (error) => {
          const fields = error instanceof ApiError ? error.fields : {}
          let placed = false
          for (const name of ['primary_color', 'secondary_color'] as const) {
            if (fields[name]) {
              form.setError(name, { message: fields[name] })
              placed = true
            }
          }
          if (!placed) toast.error(texts.fleet.saveFailed, { description: error.message })
        },
      },
    ),
  )

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <ColorField
          name="primary_color"
          label={texts.fleet.primaryColor}
          pickerLabel={f.pickPrimary}
          value={values.primary_color ?? ''}
          error={errors.primary_color?.message}
          onChange={(value) => form.setValue('primary_color', value, { shouldDirty: true, shouldValidate: true })}
          register={form.register}
        />
        <ColorField
          name="secondary_color"
          label={texts.fleet.secondaryColor}
          pickerLabel={f.pickSecondary}
          value={values.secondary_color ?? ''}
          error={errors.secondary_color?.message}
          onChange={(value) => form.setValue('secondary_color', value, { shouldDirty: true, shouldValidate: true })}
          register={form.register}
        />
      </div>
      <Button type="submit" disabled={save.isPending} className="w-full sm:w-auto">
        {save.isPending ? f.saving : texts.fleet.save}
      </Button>
    </form>
  )
}

/** Company Settings › Branding › Company Branding: logo and brand colours. */
export function CompanyBrandingSettings({ account }: { account: FleetAccountView }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{texts.fleet.brandingTabs.company}</CardTitle>
      </CardHeader>
      <CardContent className="space-y-8">
        <LogoSection account={account} />
        <ColorsForm account={account} />
      </CardContent>
    </Card>
  )
}
