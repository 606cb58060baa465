import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from '@/components/ui/dialog'
import { FormField } from '@/components/ui/form-field'
import { ApiError } from '@/lib/api-client'
import { specToast } from '@/lib/spec-toast'
import { format, texts } from '@/lib/texts'
import { flatZodResolver } from '@/lib/zod-form'
import { useCreateBrokerAccount } from './api/admin-queries'
import { createBrokerSchema, mcDigits, type CreateBrokerValues } from './create-broker-schema'

const t = texts.admin
const b = texts.brokers.admin

function CreateBrokerForm({ onDone }: { onDone: () => void }) {
  const create = useCreateBrokerAccount()
  const form = useForm<CreateBrokerValues>({
    resolver: flatZodResolver(createBrokerSchema),
    defaultValues: { name: '', mc_number: '', admin_email: '', admin_first_name: '', admin_last_name: '' },
  })
  const { errors } = form.formState

  const submit = form.handleSubmit((values) =>
    create.mutate(
      {
        name: values.name,
        mc_number: mcDigits(values.mc_number),
        admin_email: values.admin_email,
        admin_first_name: values.admin_first_name || undefined,
        admin_last_name: values.admin_last_name || undefined,
      },
      {
        onSuccess: ({ admin }) => {
          specToast('success', format(b.created, { email: admin.email }))
          onDone()
        },
        onError: (error) => {
          if (error instanceof ApiError && error.status === 422 && Object.keys(error.fields).length > 0) {
            for (const [field, message] of Object.entries(error.fields)) {
              if (field in values) form.setError(field as keyof CreateBrokerValues, { message })
            }
            return
          }
          // 409 (the e-mail or the MC number is taken): the server's words.
          specToast('error', error.message || texts.errors.generic)
        },
      },
    ),
  )

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="space-y-4">
      <FormField id="broker-name" label={b.name} autoComplete="off" error={errors.name?.message} {...form.register('name')} />
      <FormField
        id="broker-mc-number"
        label={b.mcNumber}
        autoComplete="off"
        inputMode="numeric"
        error={errors.mc_number?.message}
        {...form.register('mc_number')}
      />
      <FormField
        id="broker-admin-email"
        label={b.adminEmail}
        type="email"
        autoComplete="off"
        error={errors.admin_email?.message}
        {...form.register('admin_email')}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          id="broker-admin-first-name"
          label={t.firstName}
          autoComplete="off"
          error={errors.admin_first_name?.message}
          {...form.register('admin_first_name')}
        />
        <FormField
          id="broker-admin-last-name"
          label={t.lastName}
          autoComplete="off"
          error={errors.admin_last_name?.message}
          {...form.register('admin_last_name')}
        />
      </div>
      <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={onDone} disabled={create.isPending}>
          {t.cancel}
        </Button>
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? t.creating : b.create}
        </Button>
      </div>
    </form>
  )
}

/** 'Create broker account' and its dialog: the account and its first broker admin, who is e-mailed an invitation. */
export function CreateBrokerButton() {
  const [open, setOpen] = useState(false)
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button>{b.create}</Button>
      </DialogTrigger>
      <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto">
        <DialogTitle>{b.create}</DialogTitle>
        <DialogDescription className="sr-only">{b.create}</DialogDescription>
        {open && <CreateBrokerForm onDone={() => setOpen(false)} />}
      </DialogContent>
    </Dialog>
  )
}
