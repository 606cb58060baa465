import { CheckCircle2 } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardHeader } from '@/components/ui/card'
import { texts } from '@/lib/texts'
import type { CompanyInfo } from './api/signup-api'
import { monthlyRate } from './format'

const t = texts.signup

export interface PlanStepProps {
  company: CompanyInfo
  busy: boolean
  testCheckout: boolean
  onBack: () => void
  onSubscribe: () => void
}

export function PlanStep({ company, busy, testCheckout, onBack, onSubscribe }: PlanStepProps) {
  const price = monthlyRate(company.monthly_rate_cents)
  return (
    <Card>
      <CardHeader>
        <h2 className="text-lg leading-tight font-semibold">{t.selectPlan}</h2>
      </CardHeader>
      <CardContent className="space-y-6">
        <section
          aria-labelledby="recommended-plan"
          className="rounded-lg border-2 border-primary bg-primary/5 p-4 sm:p-6"
        >
          <p id="recommended-plan" className="text-xs font-semibold tracking-wide text-primary uppercase">
            {t.recommendedPlan}
          </p>
          <div className="mt-2 flex flex-wrap items-baseline justify-between gap-2">
            <h3 className="text-xl font-bold">{company.fleet_size}</h3>
            <p className="text-2xl font-bold text-primary">{price}</p>
          </div>
          <p className="mt-1 text-sm text-muted-foreground">{company.plan_description}</p>
          <ul className="mt-4 grid gap-2 sm:grid-cols-2">
            {t.features.map((feature) => (
              <li key={feature} className="flex items-start gap-2 text-sm">
                <CheckCircle2 className="mt-0.5 h-4 w-4 shrink-0 text-green-600" aria-hidden />
                <span>{feature}</span>
              </li>
            ))}
          </ul>
        </section>

        <section aria-labelledby="order-summary" className="rounded-lg bg-muted p-4 sm:p-6">
          <h3 id="order-summary" className="font-semibold">
            {t.orderSummary}
          </h3>
          <dl className="mt-3 space-y-2 text-sm">
            <SummaryRow label={t.plan} value={company.fleet_size} />
            <SummaryRow label={t.company} value={company.legal_name} />
            <SummaryRow label={t.dotNumber} value={company.dot_number} />
            <SummaryRow label={t.fleetSize} value={`${company.power_units} ${t.units}`} />
            <div className="flex justify-between gap-4 border-t border-border pt-2 text-base font-semibold">
              <dt>{t.monthlyTotal}</dt>
              <dd>{price}</dd>
            </div>
          </dl>
          <p className="mt-2 text-xs text-muted-foreground">{t.billedMonthly}</p>
        </section>

        {testCheckout && <p className="text-xs text-muted-foreground">{t.testCheckoutNote}</p>}

        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
          <Button variant="outline" onClick={onBack} disabled={busy}>
            {t.back}
          </Button>
          <Button onClick={onSubscribe} disabled={busy} aria-busy={busy || undefined}>
            {busy ? t.processing : t.subscribeNow}
          </Button>
        </div>
      </CardContent>
    </Card>
  )
}

function SummaryRow({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex justify-between gap-4">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="text-right font-medium break-words">{value}</dd>
    </div>
  )
}
