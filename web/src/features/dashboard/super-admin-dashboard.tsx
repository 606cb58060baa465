import { Building2, ClipboardList, Users } from 'lucide-react'
import { useState, type ReactNode } from 'react'
import { Button } from '@/components/ui/button'
import { Card, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs'
import { texts } from '@/lib/texts'
import { ComingSoonCard } from './coming-soon-card'
import { FeatureCard } from './feature-card'

const tabs = { ...texts.dashboard.tabs, audit: texts.admin.tabs.audit }
type Tab = keyof typeof tabs
/** The order of the tabs: Audit sits before Settings. */
const tabOrder: readonly Tab[] = ['overview', 'fleetSignups', 'users', 'accounts', 'audit', 'settings']

/** The administration tabs' contents, supplied by the app layer (features do not import each other). */
export type SuperAdminPanels = Partial<Record<'fleetSignups' | 'users' | 'accounts' | 'audit', ReactNode>>

const overviewCards = [
  { tab: 'accounts', icon: Building2, description: 'View fleet accounts and assign their owners.' },
  { tab: 'users', icon: Users, description: 'Create users and change their roles.' },
  { tab: 'fleetSignups', icon: ClipboardList, description: 'Review fleet signups and create fleet accounts.' },
] as const satisfies readonly { tab: Tab; icon: unknown; description: string }[]

export function SuperAdminDashboard({ panels = {} }: { panels?: SuperAdminPanels }) {
  const [tab, setTab] = useState<Tab>('overview')
  return (
    <section aria-labelledby="dashboard-title">
      <h1 id="dashboard-title" className="text-3xl font-bold">
        {texts.dashboard.systemAdministration}
      </h1>
      <Tabs value={tab} onValueChange={(value) => setTab(value as Tab)} className="mt-6">
        <TabsList>
          {tabOrder.map((key) => (
            <TabsTrigger key={key} value={key}>
              {tabs[key]}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="overview">
          <div className="grid gap-6 md:grid-cols-3">
            {overviewCards.map((card) => (
              <FeatureCard key={card.tab} icon={card.icon} title={tabs[card.tab]} description={card.description}>
                <Button variant="outline" className="w-full" onClick={() => setTab(card.tab)}>
                  {`Open ${tabs[card.tab]}`}
                </Button>
              </FeatureCard>
            ))}
          </div>
        </TabsContent>
        {(['fleetSignups', 'users', 'accounts', 'audit'] as const).map((key) => (
          <TabsContent key={key} value={key}>
            {panels[key] ?? <ComingSoonCard title={tabs[key]} />}
          </TabsContent>
        ))}
        <TabsContent value="settings">
          <Card>
            <CardHeader>
              <CardTitle>{tabs.settings}</CardTitle>
              <CardDescription>{texts.dashboard.settingsComingSoon}</CardDescription>
            </CardHeader>
          </Card>
        </TabsContent>
      </Tabs>
    </section>
  )
}
