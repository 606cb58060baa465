import { UserPlus } from 'lucide-react'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from '@/components/ui/dialog'
import { FormField } from '@/components/ui/form-field'
import { Label } from '@/components/ui/label'
import { NativeSelect } from '@/components/ui/native-select'
import { ApiError } from '@/lib/api-client'
import { specToast } from '@/lib/spec-toast'
import { format, texts } from '@/lib/texts'
import { flatZodResolver } from '@/lib/zod-form'
import { useInviteBrokerUser } from '../api/broker-queries'
import { labels } from '../labels'
import { BROKER_ROLES, isBrokerRole } from '../roles'
import { inviteUserSchema, type InviteUserValues } from './invite-user-schema'

const u = texts.brokers.users

function InviteUserForm({ onDone }: { onDone: () => void }) {
  const invite = useInviteBrokerUser()
  const form = useForm<InviteUserValues>({
    resolver: flatZodResolver(inviteUserSchema),
    defaultValues: { email: '', first_name: '', last_name: '', role: 'broker_user' },
  })
  const { errors } = form.formState

  const submit = form.handleSubmit((values) =>
    invite.mutate(
      {
        email: values.email,
        first_name: values.first_name || null,
        last_name: values.last_name || null,
        role: isBrokerRole(values.role) ? values.role : 'broker_user',
      },
      {
        onSuccess: (sent) => {
          specToast('success', format(u.invited, { email: sent.email }))
          onDone()
        },
        onError: (error) => {
          if (error instanceof ApiError && error.status === 422 && Object.keys(error.fields).length > 0) {
            for (const [field, message] of Object.entries(error.fields)) {
              if (field in values) form.setError(field as keyof InviteUserValues, { message })
            }
            return
          }
          // A refusal (429, 5xx): the server's words.
          specToast('error', error.message || texts.errors.generic)
        },
      },
    ),
  )

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="space-y-4">
      <FormField
        id="invite-email"
        label={labels.email}
        type="email"
        autoComplete="off"
        error={errors.email?.message}
        {...form.register('email')}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          id="invite-first-name"
          label={labels.firstName}
          autoComplete="off"
          error={errors.first_name?.message}
          {...form.register('first_name')}
        />
        <FormField
          id="invite-last-name"
          label={labels.lastName}
          autoComplete="off"
          error={errors.last_name?.message}
          {...form.register('last_name')}
        />
      </div>
      <div className="space-y-2">
        <Label htmlFor="invite-role">{labels.role}</Label>
        <NativeSelect id="invite-role" {...form.register('role')}>
          {BROKER_ROLES.map((role) => (
            <option key={role} value={role}>
              {texts.brokers.roles[role]}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={onDone} disabled={invite.isPending}>
          {labels.cancel}
        </Button>
        <Button type="submit" disabled={invite.isPending}>
          {invite.isPending ? labels.sending : u.invite}
        </Button>
      </div>
    </form>
  )
}

/** 'Invite user': e-mails an invitation to join the broker account with the chosen role. */
export function InviteUserButton() {
  const [open, setOpen] = useState(false)
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button>
          <UserPlus className="h-4 w-4" aria-hidden />
          {u.invite}
        </Button>
      </DialogTrigger>
      <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto">
        <DialogTitle>{u.invite}</DialogTitle>
        <DialogDescription className="sr-only">{u.invite}</DialogDescription>
        {open && <InviteUserForm onDone={() => setOpen(false)} />}
      </DialogContent>
    </Dialog>
  )
}
