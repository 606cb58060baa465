import { Bookmark, FileSignature, Package, Settings, Truck, Users, type LucideIcon } from 'lucide-react'
import type { ReactNode } from 'react'
import { Link, Outlet, useLocation } from 'react-router'
import { AppHeader } from '@/components/app-header'
import { cn } from '@/lib/cn'
import { brokerRoutes, routes } from '@/lib/routes'
import { useSession } from '@/lib/session'
import { texts } from '@/lib/texts'
import { useSignOut } from '@/lib/use-sign-out'
import { displayName } from '@/lib/user'
import { labels } from './labels'

interface NavItem {
  to: string
  label: string
  icon: LucideIcon
}

function navItems(isAdmin: boolean): NavItem[] {
  const items: (NavItem | null)[] = [
    { to: brokerRoutes.board(), label: texts.board.menu, icon: Truck },
    { to: brokerRoutes.savedSearches, label: texts.board.saved.title, icon: Bookmark },
    { to: brokerRoutes.tenders, label: texts.tenderScreens.navTenders, icon: FileSignature },
    { to: brokerRoutes.shipments, label: texts.tenderScreens.navShipments, icon: Package },
    isAdmin ? { to: brokerRoutes.users, label: texts.brokers.users.title, icon: Users } : null,
    { to: brokerRoutes.settings, label: texts.brokers.settings.title, icon: Settings },
  ]
  return items.filter((item) => item !== null)
}

/**
 * The shell of every /broker/* screen: the signed-in header (name, Sign Out)
 * and a bar of the portal's sections, which wraps on a phone rather than
 * scrolling sideways. Users is a broker admin's only.
 */
export function BrokerLayout({ children }: { children?: ReactNode }) {
  const { user } = useSession()
  const { pathname } = useLocation()
  // A full reload: nothing of the portal (cached searches, users) outlives the session.
  const signOut = useSignOut(routes.home, { reload: true })
  const isAdmin = user?.role === 'broker_admin'

  return (
    <div className="flex min-h-screen flex-col bg-muted">
      <AppHeader
        userLabel={user ? displayName(user) : ''}
        signOutLabel={texts.dashboard.signOut}
        onSignOut={() => signOut.mutate()}
        signingOut={signOut.isPending}
      />
      <nav aria-label={labels.navLabel} className="border-b border-border bg-white">
        <ul className="mx-auto flex max-w-6xl flex-wrap gap-1 px-2 py-2 sm:px-4">
          {navItems(isAdmin).map(({ to, label, icon: Icon }) => {
            const current = pathname === to || pathname.startsWith(`${to}/`)
            return (
              <li key={to}>
                <Link
                  to={to}
                  aria-current={current ? 'page' : undefined}
                  className={cn(
                    'flex items-center gap-2 rounded-md px-3 py-2 text-sm font-medium transition-colors',
                    current ? 'bg-primary text-primary-foreground' : 'text-ink hover:bg-muted',
                  )}
                >
                  <Icon className="h-4 w-4 shrink-0" aria-hidden />
                  {label}
                </Link>
              </li>
            )
          })}
        </ul>
      </nav>
      <main className="mx-auto w-full max-w-6xl min-w-0 flex-1 px-4 py-6 sm:px-6">{children ?? <Outlet />}</main>
    </div>
  )
}
