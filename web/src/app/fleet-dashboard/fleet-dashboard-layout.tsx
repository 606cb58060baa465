// AlignJustify, not Menu: sharing the landing page's icons would split its chunks.
import { AlignJustify, Inbox, Truck } from 'lucide-react'
import { useQueryClient } from '@tanstack/react-query'
import { useState, type ReactNode } from 'react'
import { Link, Outlet, useLocation } from 'react-router'
import { BrandLogo } from '@/components/brand-logo'
import { Button } from '@/components/ui/button'
import { buttonClass } from '@/components/ui/button-variants'
import { Card, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog'
import { Spinner } from '@/components/ui/spinner'
import { PastDueBanner } from '@/features/billing/past-due-banner'
import { useReadOnlyRefusals } from '@/features/billing/read-only-refusals'
import { useNotifications } from '@/features/compliance/api/notifications-api'
import { NotificationBell } from '@/features/compliance/notification-bell'
import { accentStyle } from '@/features/fleet-account/branding'
import { useUnreadCount } from '@/features/inbox/api/inbox-queries'
import { cn } from '@/lib/cn'
import { isNoFleetAccount, useFleetAccount } from '@/lib/fleet-account'
import { fleetRoutes, mailto, routes } from '@/lib/routes'
import { useSession } from '@/lib/session'
import { format, texts } from '@/lib/texts'
import { useSignOut } from '@/lib/use-sign-out'
import { displayName } from '@/lib/user'
import { activeSection } from './active-section'
import { FleetNav } from './fleet-nav'
import { prefetchFleetScreen } from './screen-data'
import { UserMenu } from './user-menu'

export interface FleetDashboardLayoutProps {
  /** The screen to show; without it the matched child route (<Outlet/>) shows. */
  children?: ReactNode
}

/**
 * The shell of every /fleet-dashboard/* screen (spec §2): top bar with the
 * fleet's name or logo and the user menu, side navigation from md up, a
 * slide-in menu below md, and the fleet's brand colours as the accent.
 * Screens render only once the fleet account has loaded, but their data does
 * not wait for it: the shell starts the screen's requests with its own
 * (screen-data.ts), on the first render and on every move to another screen.
 */
export function FleetDashboardLayout({ children }: FleetDashboardLayoutProps) {
  const location = useLocation()
  prefetchFleetScreen(useQueryClient(), location.pathname, location.search)
  const account = useFleetAccount()
  const { user } = useSession()
  const [menuOpen, setMenuOpen] = useState(false)
  const signOut = useSignOut(routes.home, { reload: true })
  const section = activeSection(location.pathname, location.search)
  useReadOnlyRefusals()
  const unread = useUnreadCount()
  // The bell's list (one request, shared): its renewals count badges Documents.
  const pendingRenewals = useNotifications().data?.attention.pending_renewals ?? 0

  if (account.isPending) {
    return (
      <div className="flex min-h-screen items-center justify-center">
        <Spinner />
      </div>
    )
  }

  if (account.isError) {
    const missing = isNoFleetAccount(account.error)
    return (
      <div className="flex min-h-screen flex-col items-center justify-center gap-6 bg-muted p-4">
        <BrandLogo />
        <Card className="w-full max-w-md text-center">
          <CardHeader>
            <CardTitle>{missing ? texts.fleet.notFoundTitle : texts.errors.generic}</CardTitle>
            <CardDescription>{missing ? texts.fleet.notFoundText : texts.fleet.shell.loadFailed}</CardDescription>
            <div className="mt-4 flex flex-col justify-center gap-2 sm:flex-row">
              {missing ? (
                <a href={mailto(texts.brand.supportEmail)} className="text-sm text-primary underline">
                  {texts.brand.supportEmail}
                </a>
              ) : (
                <Button onClick={() => void account.refetch()}>{texts.fleet.shell.retry}</Button>
              )}
            </div>
            {/* Not a dead end: the way home, and out of an account without a fleet. */}
            <div className="mt-2 flex flex-col justify-center gap-2 sm:flex-row">
              <Link to={routes.home} className={buttonClass('outline', 'md')}>
                {texts.fleet.shell.returnHome}
              </Link>
              <Button variant="ghost" onClick={() => signOut.mutate()} disabled={signOut.isPending}>
                {texts.fleet.shell.signOut}
              </Button>
            </div>
          </CardHeader>
        </Card>
      </div>
    )
  }

  const fleet = account.data
  const fleetName = fleet.dba_name?.trim() || fleet.legal_name
  const logoUrl = fleet.branding.logo_url
  const navLabel = texts.fleet.shell.navLabel

  return (
    <div
      data-testid="fleet-shell"
      style={accentStyle(fleet.branding.primary_color, fleet.branding.secondary_color)}
      className="flex min-h-screen flex-col bg-muted"
    >
      <header className="sticky top-0 z-30 border-b border-border bg-white">
        <div className="flex h-16 items-center justify-between gap-3 px-4 sm:px-6">
          <div className="flex min-w-0 items-center gap-2">
            <Button
              variant="ghost"
              size="icon"
              className="md:hidden"
              aria-label={texts.fleet.shell.openMenu}
              aria-expanded={menuOpen}
              onClick={() => setMenuOpen(true)}
            >
              <AlignJustify className="h-5 w-5" aria-hidden />
            </Button>
            <Link
              to={fleetRoutes.overview}
              className="flex min-w-0 items-center gap-2 rounded-md text-lg font-bold tracking-tight"
            >
              {logoUrl ? (
                <img
                  src={logoUrl}
                  alt={format(texts.fleet.shell.logoAlt, { name: fleetName })}
                  className="h-9 max-w-[8rem] shrink-0 object-contain"
                />
              ) : (
                <span className="inline-flex h-8 w-8 shrink-0 items-center justify-center rounded-lg bg-primary text-primary-foreground">
                  <Truck className="h-5 w-5" aria-hidden />
                </span>
              )}
              {/* Whole, in up to two lines (smaller on a phone), not cut off with an ellipsis. */}
              <span
                className="line-clamp-2 text-sm leading-tight wrap-anywhere sm:text-lg"
                title={fleetName}
                data-testid="fleet-name"
              >
                {fleetName}
              </span>
            </Link>
          </div>
          <div className="flex shrink-0 items-center gap-1">
            <NotificationBell />
            {/* The inbox and its count in the top bar too: below md the side menu is hidden. */}
            <Link
              to={fleetRoutes.inbox}
              aria-label={unread > 0 ? `${texts.inbox.title}, ${format(texts.inbox.unread, { count: unread })}` : texts.inbox.title}
              data-testid="topbar-inbox"
              className={cn(buttonClass('ghost', 'icon'), 'relative')}
            >
              <Inbox className="h-5 w-5" aria-hidden />
              {unread > 0 && (
                <span
                  aria-hidden
                  className="absolute top-0.5 right-0.5 inline-flex min-w-4 items-center justify-center rounded-full bg-destructive px-1 text-[10px] leading-4 font-semibold text-destructive-foreground"
                >
                  {unread > 99 ? '99+' : unread}
                </span>
              )}
            </Link>
            <UserMenu userLabel={user ? displayName(user) : fleetName} />
          </div>
        </div>
      </header>

      <Dialog open={menuOpen} onOpenChange={setMenuOpen}>
        <DialogContent side="right" style={accentStyle(fleet.branding.primary_color, fleet.branding.secondary_color)}>
          <DialogTitle>{fleetName}</DialogTitle>
          <DialogDescription className="sr-only">{navLabel}</DialogDescription>
          <FleetNav
            active={section}
            label={`${navLabel} (mobile)`}
            unread={unread}
            pendingRenewals={pendingRenewals}
            onNavigate={() => setMenuOpen(false)}
          />
        </DialogContent>
      </Dialog>

      <div className="flex flex-1">
        <aside className="hidden w-60 shrink-0 border-r border-border bg-white p-4 md:block">
          <div className="sticky top-20">
            <FleetNav active={section} label={navLabel} unread={unread} pendingRenewals={pendingRenewals} />
          </div>
        </aside>
        <main className="min-w-0 flex-1 px-4 py-6 sm:px-6 lg:px-8">
          <div className="mx-auto max-w-6xl">
            <PastDueBanner className="mb-6" />
            {children ?? <Outlet />}
          </div>
        </main>
      </div>
    </div>
  )
}

export default FleetDashboardLayout

