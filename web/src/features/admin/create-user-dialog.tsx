import { useState } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import { toast } from '@/lib/toast'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from '@/components/ui/dialog'
import { FormField } from '@/components/ui/form-field'
import { Label } from '@/components/ui/label'
import { ApiError } from '@/lib/api-client'
import type { components } from '@/lib/api-types'
import { format, texts } from '@/lib/texts'
import { flatZodResolver } from '@/lib/zod-form'
import { useCreateUser } from './api/admin-queries'
import { createUserSchema, type CreateUserValues } from './create-user-schema'
import { isRole, ROLES, roleLabel, selectClass } from './roles'

const t = texts.admin

/** 'Create User' and its dialog (spec §2 Users, §5, §8). */
export function CreateUserButton() {
  const [open, setOpen] = useState(false)
  const createUser = useCreateUser()
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({})

  const submit = (values: CreateUserValues) => {
    const body: components['schemas']['CreateUserRequest'] = {
      email: values.email,
      password: values.password,
      first_name: values.first_name || null,
      last_name: values.last_name || null,
      role: isRole(values.role) ? values.role : null,
    }
    setFieldErrors({})
    createUser.mutate(body, {
      onSuccess: () => {
        toast.success(t.accountCreatedTitle, { description: t.accountCreatedDescription })
        setOpen(false)
      },
      onError: (error) => {
        if (error instanceof ApiError && error.code === 'user_exists') {
          toast.error(t.userExistsTitle, { description: error.message })
          return
        }
        if (error instanceof ApiError) setFieldErrors(error.fields)
        toast.error(format(t.createUserFailed, { message: error.message }))
      },
    })
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (createUser.isPending) return
        setOpen(next)
        setFieldErrors({})
      }}
    >
      <DialogTrigger asChild>
        <Button>{t.createUser}</Button>
      </DialogTrigger>
      <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto">
        <DialogTitle>{t.createUserTitle}</DialogTitle>
        <DialogDescription className="sr-only">{t.createUserTitle}</DialogDescription>
        <CreateUserForm
          busy={createUser.isPending}
          serverErrors={fieldErrors}
          onCancel={() => setOpen(false)}
          onSubmit={submit}
        />
      </DialogContent>
    </Dialog>
  )
}

function CreateUserForm({
  busy,
  serverErrors,
  onCancel,
  onSubmit,
}: {
  busy: boolean
  serverErrors: Record<string, string>
  onCancel: () => void
  onSubmit: (values: CreateUserValues) => void
}) {
  const form = useForm<CreateUserValues>({
    resolver: flatZodResolver(createUserSchema),
    defaultValues: { email: '', password: '', first_name: '', last_name: '', role: 'fleet_driver' },
  })
  const password = useWatch({ control: form.control, name: 'password' })
  const { errors } = form.formState
  const errorOf = (field: keyof CreateUserValues) => errors[field]?.message ?? serverErrors[field]

  return (
    <form noValidate onSubmit={form.handleSubmit(onSubmit)} className="space-y-4">
      <FormField
        id="create-user-email"
        label={t.email}
        type="email"
        autoComplete="off"
        error={errorOf('email')}
        {...form.register('email')}
      />
      <FormField
        id="create-user-password"
        label={t.password}
        type="password"
        autoComplete="new-password"
        error={errorOf('password')}
        {...form.register('password')}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          id="create-user-first-name"
          label={t.firstName}
          autoComplete="off"
          error={errorOf('first_name')}
          {...form.register('first_name')}
        />
        <FormField
          id="create-user-last-name"
          label={t.lastName}
          autoComplete="off"
          error={errorOf('last_name')}
          {...form.register('last_name')}
        />
      </div>
      <div className="space-y-2">
        <Label htmlFor="create-user-role">{t.role}</Label>
        <select id="create-user-role" className={`${selectClass} w-full`} {...form.register('role')}>
          {ROLES.map((role) => (
            <option key={role} value={role}>
              {roleLabel(role)}
            </option>
          ))}
          <option value="">{t.noRole}</option>
        </select>
        {errorOf('role') && <p className="text-sm text-destructive">{errorOf('role')}</p>}
      </div>
      <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={onCancel} disabled={busy}>
          {t.cancel}
        </Button>
        <Button type="submit" disabled={busy || password.length === 0}>
          {busy ? t.creating : t.createUser}
        </Button>
      </div>
    </form>
  )
}
