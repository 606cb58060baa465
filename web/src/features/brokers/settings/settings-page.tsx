import { LoadError } from '@/components/load-error'
import { Card, CardContent } from '@/components/ui/card'
import { Spinner } from '@/components/ui/spinner'
import { useSession } from '@/lib/session'
import { texts } from '@/lib/texts'
import { useBrokerAccount } from '../api/broker-queries'
import { labels } from '../labels'
import { brokerRoleLabel } from '../roles'

const t = texts.brokers.settings

function Row({ term, children }: { term: string; children: string }) {
  return (
    <div className="grid gap-1 py-3 sm:grid-cols-[12rem_minmax(0,1fr)] sm:gap-4">
      <dt className="text-sm font-medium text-muted-foreground">{term}</dt>
      <dd className="text-sm break-words">{children}</dd>
    </div>
  )
}

/** /broker/settings: the broker account (company, MC number) and the user's role and e-mail. */
export default function SettingsPage() {
  const account = useBrokerAccount()
  const { user } = useSession()

  let body
  if (account.isPending)
    body = (
      <div className="flex justify-center py-6">
        <Spinner label={labels.loading} />
      </div>
    )
  else if (account.isError)
    body = (
      <LoadError
        title={labels.loadFailed}
        message={account.error.message}
        retryLabel={labels.retry}
        onRetry={() => void account.refetch()}
      />
    )
  else
    body = (
      <dl className="divide-y divide-border">
        <Row term={t.company}>{account.data.name}</Row>
        <Row term={t.mcNumber}>{account.data.mc_number ?? '—'}</Row>
        <Row term={labels.role}>{brokerRoleLabel(account.data.role)}</Row>
        <Row term={labels.email}>{user?.email ?? '—'}</Row>
      </dl>
    )

  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold tracking-tight">{t.title}</h1>
      <Card>
        <CardContent className="pt-3">{body}</CardContent>
      </Card>
    </div>
  )
}
