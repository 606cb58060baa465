import { Construction } from 'lucide-react'
import { Card, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { texts } from '@/lib/texts'

/** An honest placeholder for a section a later release delivers (Billing). */
function ComingSoonPage({ title }: { title: string }) {
  return (
    <section className="space-y-6">
      <h1 className="text-2xl font-bold sm:text-3xl">{title}</h1>
      <Card>
        <CardHeader className="flex-row! items-start gap-3">
          <Construction className="mt-0.5 h-5 w-5 shrink-0 text-primary" aria-hidden />
          <div className="space-y-1">
            <CardTitle>{title}</CardTitle>
            <CardDescription>{texts.fleet.comingSoon}</CardDescription>
          </div>
        </CardHeader>
      </Card>
    </section>
  )
}

export function BillingPage() {
  return <ComingSoonPage title={texts.fleet.nav.billing} />
}
