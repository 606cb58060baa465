import type { ReactNode } from 'react'
import { Navigate, Route, Routes, useLocation } from 'react-router'
import BoardPage from '@/features/brokers/board/board-page'
import { BrokerLayout } from '@/features/brokers/broker-layout'
import UnsubscribePage from '@/features/brokers/open/unsubscribe-page'
import SavedSearchesPage from '@/features/brokers/saved-searches/saved-searches-page'
import SettingsPage from '@/features/brokers/settings/settings-page'
import UsersPage from '@/features/brokers/users/users-page'
import BrokerTendersPage from '@/features/tenders/broker-tenders-page'
import ShipmentPage from '@/features/tenders/shipment-page'
import ShipmentsPage from '@/features/tenders/shipments-page'
import TenderLoadButton from '@/features/tenders/tender-load-dialog'
import { isBrokerRole } from '@/features/brokers/roles'
import { guardRedirect, homePathFor } from '@/lib/role-routing'
import { brokerPatterns as p, brokerRoutes, routePatterns } from '@/lib/routes'
import { useSession } from '@/lib/session'
import type { UserView } from '@/lib/session-api'
import { texts } from '@/lib/texts'

// The broker portal (issue 15) is one lazily loaded chunk, its open page (the
// unsubscribe link of a saved search's alert e-mail) included: more-routes.tsx
// imports this file with lazy() and routes both to it. The broker roles are
// checked here, not by the app shell's RouteGuard, so that the shell carries
// no guard for several roles (the signup pages' budget, scripts/check-bundle.mjs).

/** RouteGuard's decision (spec §2) for both broker roles; `null` lets the user in. */
function brokerRedirect(user: UserView | null): string | null {
  if (!user) return guardRedirect(user)
  return user.role && isBrokerRole(user.role) ? null : homePathFor(user)
}

/**
 * The route guard of the broker portal, as RouteGuard (whose markup it
 * repeats: importing RouteGuard into this chunk splits the session code out
 * of the app shell): a visitor who is not signed in goes to sign in, a user
 * of any other role to their own home.
 */
function BrokerGuard({ children }: { children: ReactNode }) {
  const { user, isLoading } = useSession()
  const location = useLocation()

  if (isLoading) {
    return (
      <div className="flex min-h-screen items-center justify-center text-muted-foreground" aria-busy="true">
        {texts.guard.loading}
      </div>
    )
  }

  const redirect = brokerRedirect(user)
  if (redirect) return <Navigate to={redirect} replace state={{ from: location.pathname }} />
  return children
}

/** Users is a broker admin's screen; a broker user is sent to the board. */
function BrokerAdminOnly({ children }: { children: ReactNode }) {
  const { user, isLoading } = useSession()
  if (isLoading) return null
  return user?.role === 'broker_admin' ? children : <Navigate to={brokerRoutes.board()} replace />
}

/**
 * /broker/*: the broker portal's screens in its shell, behind the route guard
 * of both broker roles; with `unsubscribe`, the open page /unsubscribe/:token
 * instead.
 */
export default function BrokerRoute({ unsubscribe }: { unsubscribe?: boolean }) {
  if (unsubscribe) return <UnsubscribePage />
  return (
    <BrokerGuard>
      <Routes>
        <Route element={<BrokerLayout />}>
          <Route index element={<Navigate to={brokerRoutes.board()} replace />} />
          <Route path={p.board} element={<BoardPage tenderAction={(posting) => <TenderLoadButton posting={posting} />} />} />
          <Route path={p.tenders} element={<BrokerTendersPage />} />
          <Route path={p.shipments} element={<ShipmentsPage />} />
          <Route path={p.shipment} element={<ShipmentPage />} />
          <Route path={p.savedSearches} element={<SavedSearchesPage />} />
          <Route
            path={p.users}
            element={
              <BrokerAdminOnly>
                <UsersPage />
              </BrokerAdminOnly>
            }
          />
          <Route path={p.settings} element={<SettingsPage />} />
          <Route path={routePatterns.anyOther} element={<Navigate to={brokerRoutes.board()} replace />} />
        </Route>
      </Routes>
    </BrokerGuard>
  )
}
