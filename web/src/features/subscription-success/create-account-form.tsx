import { useForm } from 'react-hook-form'
import { Button } from '@/components/ui/button'
import { FormField } from '@/components/ui/form-field'
import { format, texts } from '@/lib/texts'
import { flatZodResolver } from '@/lib/zod-form'
import { createAccountSchema, type CreateAccountValues } from './password-schema'

const s = texts.subscriptionSuccess

export interface CreateAccountFormProps {
  email: string | null
  busy: boolean
  onSubmit: (password: string) => void
}

export function CreateAccountForm({ email, busy, onSubmit }: CreateAccountFormProps) {
  const form = useForm<CreateAccountValues>({
    resolver: flatZodResolver(createAccountSchema),
    defaultValues: { password: '', confirmPassword: '' },
  })
  const { errors } = form.formState

  return (
    <section aria-labelledby="create-account-title" className="space-y-4 text-left">
      <div className="space-y-1">
        <h2 id="create-account-title" className="text-xl font-semibold">
          {s.setPasswordTitle}
        </h2>
        <p className="text-sm text-muted-foreground">{format(s.setPasswordHelp, { email: email ?? '' })}</p>
      </div>
      <form
        noValidate
        onSubmit={form.handleSubmit((values) => onSubmit(values.password))}
        className="space-y-4"
      >
        {/* Lets password managers file the new password under the right account. */}
        {email && <input type="hidden" name="username" autoComplete="username" value={email} />}
        <FormField
          id="account-password"
          label={s.password}
          type="password"
          autoComplete="new-password"
          error={errors.password?.message}
          {...form.register('password')}
        />
        <FormField
          id="account-confirm-password"
          label={s.confirmPassword}
          type="password"
          autoComplete="new-password"
          error={errors.confirmPassword?.message}
          {...form.register('confirmPassword')}
        />
        <Button type="submit" className="w-full" disabled={busy}>
          {busy ? s.creatingAccount : s.createAccount}
        </Button>
      </form>
    </section>
  )
}
