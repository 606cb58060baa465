import { LoadError } from '@/components/load-error'
import { Spinner } from '@/components/ui/spinner'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs'
import { useEld } from '@/lib/eld'
import { texts } from '@/lib/texts'
import { ConnectEldForm } from './connect-eld-form'
import { SyncHistory } from './sync-history'
import { SyncSettingsForm } from './sync-settings-form'

const e = texts.eld

/**
 * Company Settings › ELD Integration (spec §2): Connect ELD, Sync Settings
 * and Sync History. Loaded on its own (the app layer lazy-loads this module)
 * when the tab is opened.
 */
export default function EldIntegrationTab() {
  const eld = useEld()

  if (eld.isError) {
    return (
      <LoadError
        title={e.loadFailed}
        message={eld.error.message}
        retryLabel={texts.fleet.assets.retry}
        onRetry={() => void eld.refetch()}
      />
    )
  }
  if (eld.isPending) {
    return (
      <div className="flex justify-center py-10">
        <Spinner label={texts.fleet.assets.loading} />
      </div>
    )
  }

  return (
    <Tabs defaultValue="connect">
      <TabsList>
        <TabsTrigger value="connect">{e.tabs.connect}</TabsTrigger>
        <TabsTrigger value="settings">{e.tabs.settings}</TabsTrigger>
        <TabsTrigger value="history">{e.tabs.history}</TabsTrigger>
      </TabsList>
      <TabsContent value="connect">
        <ConnectEldForm eld={eld.data} />
      </TabsContent>
      <TabsContent value="settings">
        <SyncSettingsForm eld={eld.data} />
      </TabsContent>
      <TabsContent value="history">
        <SyncHistory />
      </TabsContent>
    </Tabs>
  )
}
