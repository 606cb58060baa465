import { useForm } from 'react-hook-form'
import { toast } from '@/lib/toast'
import { Button } from '@/components/ui/button'
import { FormField } from '@/components/ui/form-field'
import { ApiError } from '@/lib/api-client'
import { texts } from '@/lib/texts'
import { flatZodResolver } from '@/lib/zod-form'
import { useSignUp } from './auth-api'
import { firstErrorMessage, signUpSchema, type SignUpValues } from './auth-schemas'

const t = texts.auth

export interface SignUpFormProps {
  onError: (message: string) => void
  onFieldChange: () => void
  onCreated: () => void
}

const nullIfEmpty = (value: string) => (value.trim() === '' ? null : value.trim())

export function SignUpForm({ onError, onFieldChange, onCreated }: SignUpFormProps) {
  const signUp = useSignUp()
  const form = useForm<SignUpValues>({
    resolver: flatZodResolver(signUpSchema),
    defaultValues: { email: '', password: '', firstName: '', lastName: '' },
  })
  const { errors } = form.formState

  const onSubmit = form.handleSubmit(
    (values) =>
      signUp.mutate(
        {
          email: values.email,
          password: values.password,
          first_name: nullIfEmpty(values.firstName),
          last_name: nullIfEmpty(values.lastName),
        },
        {
          onSuccess: () => {
            toast.success(t.accountCreatedTitle, { description: t.accountCreatedSelfDescription })
            form.reset()
            onCreated()
          },
          onError: (error) => {
            // Spec part 1 §8: the banner is always the spec's sentence; the
            // server's message goes into the toast.
            if (error instanceof ApiError && !error.isNetworkError) {
              onError(t.signUpFailedBanner)
              toast.error(t.signUpErrorToastTitle, {
                description: error.message || t.signUpFailedToastFallback,
              })
            } else {
              onError(t.signUpFailedBanner)
              toast.error(t.registrationFailed)
            }
          },
        },
      ),
    (fieldErrors) =>
      onError(
        firstErrorMessage(fieldErrors, ['email', 'password', 'firstName', 'lastName']) ??
          t.signUpFailedBanner,
      ),
  )

  const field = (name: keyof SignUpValues) => ({
    'aria-invalid': errors[name] ? true : undefined,
    ...form.register(name, { onChange: onFieldChange }),
  })

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id="sign-up-first-name" label={t.firstName} autoComplete="given-name" {...field('firstName')} />
        <FormField id="sign-up-last-name" label={t.lastName} autoComplete="family-name" {...field('lastName')} />
      </div>
      <FormField id="sign-up-email" label={t.email} type="email" autoComplete="email" {...field('email')} />
      <FormField
        id="sign-up-password"
        label={t.password}
        type="password"
        autoComplete="new-password"
        {...field('password')}
      />
      <Button type="submit" className="w-full" disabled={signUp.isPending}>
        {t.createAccountTab}
      </Button>
    </form>
  )
}
