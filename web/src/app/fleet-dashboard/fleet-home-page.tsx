import { useSearchParams } from 'react-router'
import { BillingPage } from '@/features/billing/billing-page'
import OverviewPage from './overview-page'
import SettingsPage from './settings-page'

/** /fleet-dashboard: Overview, or the user menu's ?tab=settings / ?tab=billing (spec §2). */
export default function FleetHomePage() {
  const [params] = useSearchParams()
  const tab = params.get('tab')
  if (tab === 'settings') return <SettingsPage />
  if (tab === 'billing') return <BillingPage />
  return <OverviewPage />
}
