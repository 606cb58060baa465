import { FileText, Settings, Truck } from 'lucide-react'
import { Card, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { texts } from '@/lib/texts'

const d = texts.driverPortal
const cards = [
  { Icon: Truck, title: d.myTruck, body: 'The truck and trailer assigned to you, with their paperwork.' },
  { Icon: FileText, title: d.documents, body: 'Documents your fleet shares with you, always at hand.' },
  { Icon: Settings, title: d.settings, body: 'Your contact details and notification preferences.' },
]

export function DriverPortalCards() {
  return (
    <ul className="grid gap-6 md:grid-cols-3">
      {cards.map(({ Icon, title, body }) => (
        <li key={title}>
          <Card className="h-full">
            <CardHeader>
              <Icon className="h-6 w-6 text-primary" aria-hidden />
              <CardTitle className="mt-2">{title}</CardTitle>
              <CardDescription>{body}</CardDescription>
            </CardHeader>
          </Card>
        </li>
      ))}
    </ul>
  )
}
