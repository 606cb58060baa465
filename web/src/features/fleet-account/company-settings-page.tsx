import type { ReactNode } from 'react'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs'
import { useFleetAccount } from '@/lib/fleet-account'
import { texts } from '@/lib/texts'
import { CompanyBrandingSettings } from './branding-settings'
import { GeneralSettingsForm } from './general-settings-form'
import { PortalSettingsForm } from './portal-settings-form'
import { SecuritySettingsForm } from './security-settings-form'

export interface CompanySettingsPageProps {
  /** The ELD Integration tab's content: another capability's screen, passed in by the app layer. */
  eldTab: ReactNode
}

/** /fleet-dashboard/company-settings (spec §2 "Company Settings"). */
export default function CompanySettingsPage({ eldTab }: CompanySettingsPageProps) {
  const account = useFleetAccount()
  if (!account.data) return <p className="text-muted-foreground">{texts.fleet.noFleetInfo}</p>
  const fleet = account.data
  const t = texts.fleet.settingsTabs

  return (
    <section className="space-y-6">
      <h1 className="text-2xl font-bold sm:text-3xl">{texts.fleet.nav.companySettings}</h1>
      <Tabs defaultValue="general">
        <TabsList>
          <TabsTrigger value="general">{t.general}</TabsTrigger>
          <TabsTrigger value="branding">{t.branding}</TabsTrigger>
          <TabsTrigger value="security">{t.security}</TabsTrigger>
          <TabsTrigger value="eld">{t.eld}</TabsTrigger>
        </TabsList>
        <TabsContent value="general">
          <GeneralSettingsForm account={fleet} />
        </TabsContent>
        <TabsContent value="branding">
          <Tabs defaultValue="company">
            <TabsList>
              <TabsTrigger value="company">{texts.fleet.brandingTabs.company}</TabsTrigger>
              <TabsTrigger value="portal">{texts.fleet.brandingTabs.portal}</TabsTrigger>
            </TabsList>
            <TabsContent value="company">
              <CompanyBrandingSettings account={fleet} />
            </TabsContent>
            <TabsContent value="portal">
              <PortalSettingsForm account={fleet} />
            </TabsContent>
          </Tabs>
        </TabsContent>
        <TabsContent value="security">
          <SecuritySettingsForm account={fleet} />
        </TabsContent>
        <TabsContent value="eld">{eldTab}</TabsContent>
      </Tabs>
    </section>
  )
}
