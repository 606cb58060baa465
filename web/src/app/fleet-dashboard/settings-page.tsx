import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs'
import { texts } from '@/lib/texts'

/** /fleet-dashboard/settings and ?tab=settings: a placeholder (spec §2 "Settings page"). */
export default function SettingsPage() {
  const t = texts.fleet.settingsPageTabs
  const tabs = [
    { value: 'general', label: t.general },
    { value: 'notifications', label: t.notifications },
    { value: 'api', label: t.apiAccess },
  ]
  return (
    <section className="space-y-6">
      <h1 className="text-2xl font-bold sm:text-3xl">{texts.fleet.nav.settings}</h1>
      <Tabs defaultValue="general">
        <TabsList>
          {tabs.map((tab) => (
            <TabsTrigger key={tab.value} value={tab.value}>
              {tab.label}
            </TabsTrigger>
          ))}
        </TabsList>
        {tabs.map((tab) => (
          <TabsContent key={tab.value} value={tab.value}>
            <Card>
              <CardHeader>
                <CardTitle>{tab.label}</CardTitle>
              </CardHeader>
              <CardContent>
                <p className="text-muted-foreground">{texts.fleet.settingsComingSoon}</p>
              </CardContent>
            </Card>
          </TabsContent>
        ))}
      </Tabs>
    </section>
  )
}
