import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { toast } from '@/lib/toast'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog'
import { FormField } from '@/components/ui/form-field'
import { Label } from '@/components/ui/label'
import { Textarea } from '@/components/ui/textarea'
import { ApiError } from '@/lib/api-client'
import type { components } from '@/lib/api-types'
import { texts } from '@/lib/texts'
import { flatZodResolver } from '@/lib/zod-form'
import { useSaveDriver } from './api/drivers-queries'
import { driverSchema, emptyDriver, toDriverInput, type DriverValues } from './driver-schema'

type DriverItem = components['schemas']['DriverItem']

const t = texts.fleet.driverForm
const a = texts.fleet.assets

export interface DriverFormDialogProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  /** Edit this driver (PUT); without it the dialog adds one (POST). */
  driver?: DriverItem
}

/** The Add Driver / Edit Driver dialog (not in the spec: drivers added by hand until the ELD sync exists). */
export function DriverFormDialog({ open, onOpenChange, driver }: DriverFormDialogProps) {
  const save = useSaveDriver(driver?.id)
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({})

  const submit = (values: DriverValues) => {
    setServerErrors({})
    save.mutate(toDriverInput(values), {
      onSuccess: () => {
        toast.success(driver ? t.updated : t.added)
        onOpenChange(false)
      },
      onError: (error) => {
        if (error instanceof ApiError) {
          const fields = { ...error.fields }
          if (error.code === 'username_taken' && !fields.username) fields.username = error.message
          if (error.code === 'email_taken' && !fields.email) fields.email = error.message
          setServerErrors(fields)
          if (Object.keys(fields).length > 0) return
        }
        toast.error(driver ? a.updateDriverFailed : a.saveDriverFailed, { description: error.message })
      },
    })
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (save.isPending) return
        setServerErrors({})
        onOpenChange(next)
      }}
    >
      <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto">
        <DialogTitle>{driver ? t.editTitle : t.title}</DialogTitle>
        <DialogDescription>{a.driverFormDescription}</DialogDescription>
        {open && (
          <DriverForm
            initial={driver ? fromDriver(driver) : emptyDriver}
            busy={save.isPending}
            serverErrors={serverErrors}
            onCancel={() => onOpenChange(false)}
            onSubmit={submit}
          />
        )}
      </DialogContent>
    </Dialog>
  )
}

function fromDriver(driver: DriverItem): DriverValues {
  return {
    first_name: driver.first_name ?? '',
    last_name: driver.last_name ?? '',
    username: driver.username ?? '',
    phone: driver.phone ?? '',
    email: driver.email ?? '',
    license_number: driver.license_number ?? '',
    license_state: driver.license_state ?? '',
    notes: driver.notes ?? '',
  }
}

function DriverForm({
  initial,
  busy,
  serverErrors,
  onCancel,
  onSubmit,
}: {
  initial: DriverValues
  busy: boolean
  serverErrors: Record<string, string>
  onCancel: () => void
  onSubmit: (values: DriverValues) => void
}) {
  const form = useForm<DriverValues>({ resolver: flatZodResolver(driverSchema), defaultValues: initial })
  const { errors } = form.formState
  const errorOf = (field: keyof DriverValues) => errors[field]?.message ?? serverErrors[field]
  const notesError = errorOf('notes')

  return (
    <form noValidate onSubmit={form.handleSubmit(onSubmit)} className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          id="driver-first-name"
          label={t.firstName}
          autoComplete="off"
          error={errorOf('first_name')}
          {...form.register('first_name')}
        />
        <FormField
          id="driver-last-name"
          label={t.lastName}
          autoComplete="off"
          error={errorOf('last_name')}
          {...form.register('last_name')}
        />
      </div>
      <FormField
        id="driver-username"
        label={t.username}
        autoComplete="off"
        error={errorOf('username')}
        {...form.register('username')}
      />
      <FormField
        id="driver-phone"
        label={t.phone}
        type="tel"
        autoComplete="off"
        error={errorOf('phone')}
        {...form.register('phone')}
      />
      <FormField
        id="driver-email"
        label={t.email}
        type="email"
        autoComplete="off"
        error={errorOf('email')}
        {...form.register('email')}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          id="driver-license-number"
          label={t.licenseNumber}
          autoComplete="off"
          error={errorOf('license_number')}
          {...form.register('license_number')}
        />
        <FormField
          id="driver-license-state"
          label={t.licenseState}
          autoComplete="off"
          maxLength={2}
          className="[&_input]:uppercase"
          error={errorOf('license_state')}
          {...form.register('license_state')}
        />
      </div>
      <div className="space-y-2">
        <Label htmlFor="driver-notes">{t.notes}</Label>
        <Textarea
          id="driver-notes"
          className="min-h-20"
          {...(notesError ? { 'aria-invalid': true, 'aria-describedby': 'driver-notes-error' } : {})}
          {...form.register('notes')}
        />
        {notesError && (
          <p id="driver-notes-error" className="text-sm text-destructive">
            {notesError}
          </p>
        )}
      </div>
      <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={onCancel} disabled={busy}>
          {t.cancel}
        </Button>
        <Button type="submit" disabled={busy}>
          {busy ? t.saving : t.save}
        </Button>
      </div>
    </form>
  )
}
