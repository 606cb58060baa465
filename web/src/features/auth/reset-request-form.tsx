import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { FormField } from '@/components/ui/form-field'
import { texts } from '@/lib/texts'
import { flatZodResolver } from '@/lib/zod-form'
import { useRequestPasswordReset } from './auth-api'
import { firstErrorMessage, resetRequestSchema, type ResetRequestValues } from './auth-schemas'

const t = texts.auth

export interface ResetRequestFormProps {
  onError: (message: string) => void
  onFieldChange: () => void
  onBack: () => void
}

/** The inline "Forgot your password?" form on the Sign In tab. */
export function ResetRequestForm({ onError, onFieldChange, onBack }: ResetRequestFormProps) {
  const [sent, setSent] = useState<string | null>(null)
  const requestReset = useRequestPasswordReset()
  const form = useForm<ResetRequestValues>({
    resolver: flatZodResolver(resetRequestSchema),
    defaultValues: { email: '' },
  })

  const onSubmit = form.handleSubmit(
    (values) =>
      requestReset.mutate(values, {
        onSuccess: (response) => setSent(response?.message || t.resetRequestSent),
        onError: (error) => onError(error.message || texts.errors.generic),
      }),
    (errors) => onError(firstErrorMessage(errors, ['email']) ?? t.emailInvalid),
  )

  return (
    <div className="space-y-4">
      <div className="space-y-1">
        <h2 className="text-lg font-semibold">{t.resetRequestTitle}</h2>
        <p className="text-sm text-muted-foreground">{t.resetRequestHelp}</p>
      </div>
      {sent ? (
        <Alert variant="success">{sent}</Alert>
      ) : (
        <form onSubmit={onSubmit} noValidate className="space-y-4">
          <FormField
            id="reset-email"
            label={t.email}
            type="email"
            autoComplete="email"
            {...form.register('email', {
              onChange: () => {
                onFieldChange()
              },
            })}
          />
          <Button type="submit" className="w-full" disabled={requestReset.isPending}>
            {t.resetRequestButton}
          </Button>
        </form>
      )}
      <div className="text-center">
        <Button variant="link" onClick={onBack}>
          {t.backToSignIn}
        </Button>
      </div>
    </div>
  )
}
