import { BarChart3, FileText, Map, MessageSquare, Smartphone, Wallet } from 'lucide-react'

const features = [
  { Icon: Wallet, title: 'Digital settlements', body: 'See every settlement as soon as it is issued.' },
  { Icon: BarChart3, title: 'Performance metrics', body: 'Miles, fuel and on-time numbers for your runs.' },
  { Icon: MessageSquare, title: 'Integrated messaging', body: 'Talk to dispatch without switching apps.' },
  { Icon: FileText, title: 'Document management', body: 'Registration, insurance and permits on your phone.' },
  { Icon: Smartphone, title: 'Mobile-first design', body: 'Made for small screens and big gloves.' },
  { Icon: Map, title: 'Truck navigation', body: 'Routes that respect your truck’s size and load.' },
]

export function DriverFeatureList() {
  return (
    <section aria-labelledby="driver-features">
      <h2 id="driver-features" className="text-2xl font-bold">
        Everything a driver needs
      </h2>
      <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {features.map(({ Icon, title, body }) => (
          <li key={title} className="flex gap-3 rounded-xl bg-white p-5 shadow-sm">
            <Icon className="h-5 w-5 shrink-0 text-secondary" aria-hidden />
            <div>
              <h3 className="font-semibold">{title}</h3>
              <p className="text-sm text-muted-foreground">{body}</p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  )
}
