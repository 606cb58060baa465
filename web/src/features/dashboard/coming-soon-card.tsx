import { Card, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { texts } from '@/lib/texts'

/** An honest placeholder for a section the next release delivers. */
export function ComingSoonCard({ title }: { title: string }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        <CardDescription>
          <span className="font-medium text-ink">{texts.dashboard.comingSoonTitle}</span>
          {' — '}
          {texts.dashboard.comingSoonMessage}
        </CardDescription>
      </CardHeader>
    </Card>
  )
}
