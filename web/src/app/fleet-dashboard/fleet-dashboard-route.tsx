import { Route, Routes } from 'react-router'
import { BillingPage } from '@/features/billing/billing-page'
import { DriverDetailPage } from '@/features/drivers/driver-detail-page'
import { DriversPage } from '@/features/drivers/drivers-page'
import CompanyProfilePage from '@/features/fleet-account/company-profile-page'
import { InboxPage } from '@/features/inbox/inbox-page'
import { TrailerDetailPage } from '@/features/vehicles/trailer-detail-page'
import { TrailersPage } from '@/features/vehicles/trailers-page'
import { TruckDetailPage } from '@/features/vehicles/truck-detail-page'
import { fleetPatterns as p, routePatterns } from '@/lib/routes'
import CompanySettingsRoute from './company-settings-route'
import { ComplianceRoute } from './compliance-route'
import { DispatchRoute } from './dispatch-route'
import { AssetDocumentsTab, DocumentsRoute } from './documents-routes'
import FleetDashboardLayout from './fleet-dashboard-layout'
import FleetHomePage from './fleet-home-page'
import { FleetNotFoundPage } from './fleet-not-found-page'
import { EditLoadRoute, LoadRoute, LoadsRoute, NewLoadRoute } from './loads-routes'
import { PostingsRoute, PostTruckButton, TrucksRoute } from './postings-routes'
import SettingsPage from './settings-page'

// The whole fleet dashboard (the shell and the fleet-account, vehicles and
// drivers screens, the inbox) is one lazily loaded chunk: app-routes.tsx imports this
// file with lazy(). Splitting it further into per-screen chunks re-partitions
// the modules it shares with the landing page (button styles, icons) and
// grows the landing page's JavaScript (scripts/check-bundle.mjs). The ELD
// Integration tab is the exception, a chunk of its own loaded inside Company
// Settings (company-settings-route.tsx): it imports only what this chunk has.
// The documents screens are another (documents-routes.tsx), the compliance
// calendar a third (compliance-route.tsx), the Truck Board's postings a
// fourth (postings-routes.tsx), the dispatch board a fifth (dispatch-route.tsx).

type Asset = { id: string; name: string }
const truckDocuments = (truck: Asset) => <AssetDocumentsTab kind="truck" asset={truck} />
const trailerDocuments = (trailer: Asset) => <AssetDocumentsTab kind="trailer" asset={trailer} />
const driverDocuments = (driver: Asset) => <AssetDocumentsTab kind="driver" asset={driver} />
const postTruck = (truck: Asset) => <PostTruckButton truck={truck} />

// eslint-disable-next-line react-refresh/only-export-components -- shell-screens.ts's loader of this chunk calls it
export { preloadScreen } from './screen-chunks'
// eslint-disable-next-line react-refresh/only-export-components -- and this one, for the first screen's data
export { prefetchFleetScreen } from './screen-data'

/** /fleet-dashboard/*: every screen inside the one fleet shell (spec §2). */
export default function FleetDashboardRoute() {
  return (
    <Routes>
      <Route element={<FleetDashboardLayout />}>
        <Route index element={<FleetHomePage />} />
        <Route path={p.loads} element={<LoadsRoute />} />
        <Route path={p.loadNew} element={<NewLoadRoute />} />
        <Route path={p.load} element={<LoadRoute />} />
        <Route path={p.loadEdit} element={<EditLoadRoute />} />
        <Route path={p.profile} element={<CompanyProfilePage />} />
        <Route path={p.dispatch} element={<DispatchRoute />} />
        <Route path={p.trucks} element={<TrucksRoute />} />
        <Route path={p.postings} element={<PostingsRoute />} />
        <Route path={p.truck} element={<TruckDetailPage documentsTab={truckDocuments} headerActions={postTruck} />} />
        <Route path={p.trailers} element={<TrailersPage />} />
        <Route path={p.trailer} element={<TrailerDetailPage documentsTab={trailerDocuments} />} />
        <Route path={p.drivers} element={<DriversPage />} />
        <Route path={p.driver} element={<DriverDetailPage documentsTab={driverDocuments} />} />
        <Route path={p.documents} element={<DocumentsRoute />} />
        <Route path={p.compliance} element={<ComplianceRoute />} />
        <Route path={p.companySettings} element={<CompanySettingsRoute />} />
        <Route path={p.settings} element={<SettingsPage />} />
        <Route path={p.billing} element={<BillingPage />} />
        <Route path={p.inbox} element={<InboxPage />} />
        {/* Spec §2's catch-all, shown in the same shell: a path with no screen is not found. */}
        <Route path={routePatterns.anyOther} element={<FleetNotFoundPage />} />
      </Route>
    </Routes>
  )
}
