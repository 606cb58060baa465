import { CalendarClock, CheckCircle2, Clock, Layers, ListChecks, Puzzle } from 'lucide-react'
import { useState } from 'react'
import { PublicLayout } from '@/components/public-layout'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardFooter, CardHeader } from '@/components/ui/card'
import { cn } from '@/lib/cn'
import { texts } from '@/lib/texts'
import { ScheduleDialog } from './schedule-dialog'

const p = texts.pricing
const POPULAR_TIER = 1
const sectionIcons = [Puzzle, Layers, ListChecks]

export default function PricingPage() {
  const [dialogOpen, setDialogOpen] = useState(false)
  const openDialog = () => setDialogOpen(true)

  const scrollToSchedule = () => {
    const smooth = !window.matchMedia?.('(prefers-reduced-motion: reduce)').matches
    document.getElementById('schedule')?.scrollIntoView({ behavior: smooth ? 'smooth' : 'auto', block: 'start' })
  }

  return (
    <PublicLayout>
      <section className="bg-muted px-4 py-14 text-center sm:py-20">
        <div className="mx-auto max-w-3xl space-y-4">
          <h1 className="text-3xl font-bold sm:text-5xl">{p.title}</h1>
          <p className="text-lg text-muted-foreground">{p.subtitle}</p>
          <Button size="lg" onClick={scrollToSchedule}>
            {p.requestQuote}
          </Button>
        </div>
      </section>

      <section aria-label="Implementation tiers" className="mx-auto max-w-6xl px-4 py-14 sm:px-6">
        <div className="grid gap-6 md:grid-cols-3">
          {p.tiers.map((tier, index) => {
            const popular = index === POPULAR_TIER
            return (
              <Card
                key={tier.name}
                className={cn('relative flex flex-col', popular && 'border-2 border-primary shadow-md')}
              >
                {popular && (
                  <Badge className="absolute -top-3 left-1/2 -translate-x-1/2">{p.mostPopular}</Badge>
                )}
                <CardHeader>
                  <h2 className="text-lg leading-tight font-semibold">{tier.name}</h2>
                  <CardDescription>{tier.description}</CardDescription>
                  <p className="mt-2 flex items-center gap-2 text-sm">
                    <Clock className="h-4 w-4 text-primary" aria-hidden />
                    <span>
                      {p.implementationTime}: <span className="font-semibold">{tier.time}</span>
                    </span>
                  </p>
                </CardHeader>
                <CardContent className="flex-1">
                  <ul className="space-y-2">
                    {tier.features.map((feature) => (
                      <li key={feature} className="flex items-start gap-2 text-sm">
                        <CheckCircle2 className="mt-0.5 h-4 w-4 shrink-0 text-green-600" aria-hidden />
                        <span>{feature}</span>
                      </li>
                    ))}
                  </ul>
                </CardContent>
                <CardFooter>
                  <Button
                    className="w-full"
                    variant={popular ? 'primary' : 'outline'}
                    onClick={openDialog}
                  >
                    <CalendarClock className="h-4 w-4" aria-hidden />
                    {p.scheduleCall}
                  </Button>
                </CardFooter>
              </Card>
            )
          })}
        </div>
      </section>

      {/* Padded inside the max width, as the tiers are: the two rows line up. */}
      <section aria-label="How we work" className="bg-muted py-14">
        <div className="mx-auto grid max-w-6xl gap-8 px-4 sm:px-6 md:grid-cols-3">
          {p.sections.map((section, index) => {
            const Icon = sectionIcons[index] ?? Puzzle
            return (
              <div key={section.title} className="space-y-3">
                <span className="inline-flex h-12 w-12 items-center justify-center rounded-full bg-primary/10 text-primary">
                  <Icon className="h-6 w-6" aria-hidden />
                </span>
                <h2 className="text-xl font-semibold">{section.title}</h2>
                <p className="text-muted-foreground">{section.text}</p>
              </div>
            )
          })}
        </div>
      </section>

      <section id="schedule" className="scroll-mt-20 px-4 py-16 text-center sm:px-6">
        <div className="mx-auto max-w-2xl space-y-4">
          <h2 className="text-2xl font-bold sm:text-3xl">{p.scheduleSectionTitle}</h2>
          <p className="text-muted-foreground">{p.scheduleSectionText}</p>
          <Button size="lg" onClick={openDialog} className="w-full whitespace-normal sm:w-auto">
            {p.scheduleNow}
          </Button>
        </div>
      </section>

      <ScheduleDialog open={dialogOpen} onOpenChange={setDialogOpen} />
    </PublicLayout>
  )
}
