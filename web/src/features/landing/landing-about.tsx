import { BarChart3, FileText, Map, MessageSquare, Smartphone, Wallet } from 'lucide-react'
import { texts } from '@/lib/texts'

const pillars = [
  { Icon: Wallet, title: 'Digital settlements', body: 'Drivers see every load and deduction, and get paid without paperwork chasing.' },
  { Icon: BarChart3, title: 'Performance metrics', body: 'Miles, fuel and on-time numbers from your ELD, in one view for the whole fleet.' },
  { Icon: MessageSquare, title: 'Integrated messaging', body: 'Dispatch and drivers talk in one place, tied to the load it is about.' },
  { Icon: FileText, title: 'Document management', body: 'Registrations, insurance and permits with expiry reminders before they lapse.' },
  { Icon: Smartphone, title: 'Mobile-first design', body: 'Built for the cab: large targets, works on any phone, no app store needed.' },
  { Icon: Map, title: 'Truck navigation', body: 'Truck-safe routing that respects height, weight and hazmat limits.' },
]

export function LandingAbout() {
  return (
    <section id="company" aria-labelledby="company-title" className="bg-white px-4 py-20 text-ink sm:px-6">
      <div className="mx-auto max-w-6xl">
        <h2 id="company-title" className="text-3xl font-bold">About {texts.brand.name}</h2>
        <p className="mt-4 max-w-3xl text-muted-foreground">
          Headquartered in {texts.brand.headquarters}, {texts.brand.name} builds dispatch software, a
          truck board, a driver settlement app, API integrations and a driver portal for over-the-road
          carriers and the brokers who work with them.
        </p>
        <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {pillars.map(({ Icon, title, body }) => (
            <li key={title} className="rounded-xl border border-border p-6">
              <Icon className="h-6 w-6 text-primary" aria-hidden />
              <h3 className="mt-3 font-semibold">{title}</h3>
              <p className="mt-1 text-sm text-muted-foreground">{body}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  )
}
