import type { ReactNode } from 'react'
import { Navigate, Route, Routes } from 'react-router'
import BoardPage from '@/features/brokers/board/board-page'
import { BrokerLayout } from '@/features/brokers/broker-layout'
import BrokerInvitePage from '@/features/brokers/open/broker-invite-page'
import UnsubscribePage from '@/features/brokers/open/unsubscribe-page'
import SavedSearchesPage from '@/features/brokers/saved-searches/saved-searches-page'
import SettingsPage from '@/features/brokers/settings/settings-page'
import UsersPage from '@/features/brokers/users/users-page'
import { brokerPatterns as p, brokerRoutes, routePatterns } from '@/lib/routes'
import { useSession } from '@/lib/session'

// The broker portal (issue 15) is one lazily loaded chunk, its open pages
// (the invite and unsubscribe links of its e-mails) included: app-routes.tsx
// imports this file with lazy().

/** Users is a broker admin's screen; a broker user is sent to the board. */
function BrokerAdminOnly({ children }: { children: ReactNode }) {
  const { user, isLoading } = useSession()
  if (isLoading) return null
  return user?.role === 'broker_admin' ? children : <Navigate to={brokerRoutes.board()} replace />
}

/**
 * /broker/*: the broker portal's screens in its shell (behind the route
 * guard of both broker roles); with `page`, one of its open pages instead:
 * /broker-invite/:token or /unsubscribe/:token.
 */
export default function BrokerRoute({ page }: { page?: 'invite' | 'unsubscribe' }) {
  if (page === 'invite') return <BrokerInvitePage />
  if (page === 'unsubscribe') return <UnsubscribePage />
  return (
    <Routes>
      <Route element={<BrokerLayout />}>
        <Route index element={<Navigate to={brokerRoutes.board()} replace />} />
        <Route path={p.board} element={<BoardPage />} />
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
  )
}
