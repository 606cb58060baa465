import { Route, Routes } from 'react-router'
import {
  DriverDetailPage,
  DriversPage,
  TrailerDetailPage,
  TrailersPage,
  TruckDetailPage,
  TrucksPage,
} from '@/features/fleet-assets'
import CompanyProfilePage from '@/features/fleet-dashboard/company-profile-page'
import CompanySettingsPage from '@/features/fleet-dashboard/company-settings-page'
import { BillingPage, DocumentsPage } from '@/features/fleet-dashboard/coming-soon-page'
import FleetDashboardLayout from '@/features/fleet-dashboard/fleet-dashboard-layout'
import FleetHomePage from '@/features/fleet-dashboard/fleet-home-page'
import { FleetNotFoundPage } from '@/features/fleet-dashboard/fleet-not-found-page'
import SettingsPage from '@/features/fleet-dashboard/settings-page'

// The whole fleet dashboard (shell, its screens and the fleet-assets screens)
// is one lazily loaded chunk: app-routes.tsx imports this file with lazy().
// Splitting it further into per-screen chunks re-partitions the modules it
// shares with the landing page (button styles, icons) and grows the landing
// page's JavaScript (scripts/check-bundle.mjs).

/** /fleet-dashboard/*: every screen inside the one fleet shell (spec §2). */
export default function FleetDashboardRoute() {
  return (
    <Routes>
      <Route element={<FleetDashboardLayout />}>
        <Route index element={<FleetHomePage />} />
        <Route path="profile" element={<CompanyProfilePage />} />
        <Route path="trucks" element={<TrucksPage />} />
        <Route path="trucks/:truckId" element={<TruckDetailPage />} />
        <Route path="trailers" element={<TrailersPage />} />
        <Route path="trailers/:trailerId" element={<TrailerDetailPage />} />
        <Route path="drivers" element={<DriversPage />} />
        <Route path="drivers/:driverId" element={<DriverDetailPage />} />
        <Route path="documents" element={<DocumentsPage />} />
        <Route path="company-settings" element={<CompanySettingsPage />} />
        <Route path="settings" element={<SettingsPage />} />
        <Route path="billing" element={<BillingPage />} />
        {/* Spec §2's catch-all, shown in the same shell: a path with no screen is not found. */}
        <Route path="*" element={<FleetNotFoundPage />} />
      </Route>
    </Routes>
  )
}
