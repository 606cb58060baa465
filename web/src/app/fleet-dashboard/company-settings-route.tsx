import { lazy, Suspense } from 'react'
import { Spinner } from '@/components/ui/spinner'
import CompanySettingsPage from '@/features/fleet-account/company-settings-page'
import { texts } from '@/lib/texts'

// Its own chunk, fetched when the ELD Integration tab is first opened (Radix
// mounts a tab's content only while it is selected).
const EldIntegrationTab = lazy(() => import('@/features/eld/eld-integration-tab'))

/** Company Settings with the ELD capability's tab composed in. */
export default function CompanySettingsRoute() {
  return (
    <CompanySettingsPage
      eldTab={
        <Suspense
          fallback={
            <div className="flex justify-center py-10">
              <Spinner label={texts.fleet.assets.loading} />
            </div>
          }
        >
          <EldIntegrationTab />
        </Suspense>
      }
    />
  )
}
