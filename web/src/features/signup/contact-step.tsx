import { useForm } from 'react-hook-form'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardHeader } from '@/components/ui/card'
import { FormField } from '@/components/ui/form-field'
import { texts } from '@/lib/texts'
import { flatZodResolver } from '@/lib/zod-form'
import { contactSchema, type ContactValues } from './signup-schemas'

const t = texts.signup

export interface ContactStepProps {
  defaultValues: ContactValues
  onBack: (values: ContactValues) => void
  onSubmit: (values: ContactValues) => void
}

export function ContactStep({ defaultValues, onBack, onSubmit }: ContactStepProps) {
  const form = useForm<ContactValues>({ resolver: flatZodResolver(contactSchema), defaultValues })
  const { errors } = form.formState

  return (
    <Card>
      <CardHeader>
        <h2 className="text-lg leading-tight font-semibold">{t.contactInformation}</h2>
      </CardHeader>
      <CardContent>
        <form noValidate onSubmit={form.handleSubmit(onSubmit)} className="grid gap-4 sm:grid-cols-2">
          <FormField
            id="contact-first-name"
            label={t.firstName}
            autoComplete="given-name"
            error={errors.firstName?.message}
            {...form.register('firstName')}
          />
          <FormField
            id="contact-last-name"
            label={t.lastName}
            autoComplete="family-name"
            error={errors.lastName?.message}
            {...form.register('lastName')}
          />
          <FormField
            id="contact-email"
            label={t.emailAddress}
            type="email"
            autoComplete="email"
            error={errors.email?.message}
            {...form.register('email')}
          />
          <FormField
            id="contact-phone"
            label={t.phoneNumber}
            type="tel"
            autoComplete="tel"
            error={errors.phone?.message}
            {...form.register('phone')}
          />
          <div className="flex flex-col-reverse gap-3 sm:col-span-2 sm:flex-row sm:justify-between">
            <Button variant="outline" onClick={() => onBack(form.getValues())}>
              {t.back}
            </Button>
            <Button type="submit">{t.continue}</Button>
          </div>
        </form>
      </CardContent>
    </Card>
  )
}
