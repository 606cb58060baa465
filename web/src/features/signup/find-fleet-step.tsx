import { Search } from 'lucide-react'
import { useForm } from 'react-hook-form'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card'
import { FormField } from '@/components/ui/form-field'
import { texts } from '@/lib/texts'
import { flatZodResolver } from '@/lib/zod-form'
import type { CompanyInfo } from './api/signup-api'
import { formatAddress, monthlyRate, orNotAvailable } from './format'
import { dotSchema, type DotValues } from './signup-schemas'

const t = texts.signup

export interface FindFleetStepProps {
  company: CompanyInfo | null
  lookupError: string | null
  searching: boolean
  sampleData: boolean
  defaultDotNumber: string
  onSearch: (dotNumber: string) => void
  onContinue: () => void
}

export function FindFleetStep({
  company,
  lookupError,
  searching,
  sampleData,
  defaultDotNumber,
  onSearch,
  onContinue,
}: FindFleetStepProps) {
  const form = useForm<DotValues>({
    resolver: flatZodResolver(dotSchema),
    defaultValues: { dotNumber: defaultDotNumber },
  })
  const { errors } = form.formState

  return (
    <div className="space-y-6">
      <Card>
        <CardHeader>
          <h2 className="text-lg leading-tight font-semibold">{t.findYourFleet}</h2>
          <CardDescription>{t.findYourFleetHelp}</CardDescription>
        </CardHeader>
        <CardContent className="space-y-4">
          <form
            noValidate
            onSubmit={form.handleSubmit((values) => onSearch(values.dotNumber))}
            className="flex flex-col gap-3 sm:flex-row sm:items-start"
          >
            <FormField
              id="dot-number"
              label={t.dotNumber}
              inputMode="numeric"
              autoComplete="off"
              className="flex-1"
              error={errors.dotNumber?.message}
              {...form.register('dotNumber')}
            />
            <Button type="submit" className="sm:mt-6" disabled={searching}>
              <Search className="h-4 w-4" aria-hidden />
              {searching ? t.searching : t.search}
            </Button>
          </form>
          {sampleData && <p className="text-xs text-muted-foreground">{t.sampleDataNote}</p>}
          {lookupError && <Alert>{lookupError}</Alert>}
        </CardContent>
      </Card>

      {company && (
        <Card>
          <CardHeader>
            <h2 className="text-lg leading-tight font-semibold">{t.companyInformation}</h2>
          </CardHeader>
          <CardContent className="space-y-6">
            <dl className="grid gap-4 sm:grid-cols-2">
              <Detail label={t.legalName} value={company.legal_name} />
              <Detail label={t.dbaName} value={orNotAvailable(company.dba_name)} />
              <Detail label={t.address} value={formatAddress(company)} className="sm:col-span-2" />
              <Detail label={t.phone} value={orNotAvailable(company.phone_number)} />
              <Detail label={t.powerUnits} value={String(company.power_units)} />
              <Detail label={t.fleetSize} value={company.fleet_size} />
              <Detail label={t.monthlyRate} value={monthlyRate(company.monthly_rate_cents)} strong />
            </dl>
            <div className="flex justify-end">
              <Button onClick={onContinue} className="w-full sm:w-auto">
                {t.saveAndContinue}
              </Button>
            </div>
          </CardContent>
        </Card>
      )}
    </div>
  )
}

function Detail({
  label,
  value,
  className,
  strong,
}: {
  label: string
  value: string
  className?: string
  strong?: boolean
}) {
  return (
    <div className={className}>
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className={strong ? 'text-lg font-semibold text-primary' : 'font-medium break-words'}>{value}</dd>
    </div>
  )
}
