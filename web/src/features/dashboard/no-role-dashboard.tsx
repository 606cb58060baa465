import { Card, CardDescription, CardHeader } from '@/components/ui/card'
import { texts } from '@/lib/texts'

export function NoRoleDashboard() {
  return (
    <Card className="mx-auto max-w-xl text-center">
      <CardHeader>
        <h1 className="text-2xl font-semibold">{texts.dashboard.noRoleTitle}</h1>
        <CardDescription>{texts.dashboard.noRoleMessage}</CardDescription>
      </CardHeader>
    </Card>
  )
}
