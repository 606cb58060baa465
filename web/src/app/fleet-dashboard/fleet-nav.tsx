import {
  Building2,
  CalendarClock,
  CalendarRange,
  Container,
  FolderOpen,
  Inbox,
  LayoutDashboard,
  Package,
  Megaphone,
  Settings,
  Truck,
  Users,
  type LucideIcon,
} from 'lucide-react'
import { Link } from 'react-router'
import { cn } from '@/lib/cn'
import { fleetPatterns, fleetRoutes } from '@/lib/routes'
import { format, texts } from '@/lib/texts'
import type { FleetSection } from './active-section'
import { UnreadBadge } from './unread-badge'

interface NavItem {
  section: FleetSection
  to: string
  label: string
  icon: LucideIcon
  /** Which count the item shows as a badge. */
  badge?: 'inbox' | 'renewals'
}

function navItems(): NavItem[] {
  return [
    { section: 'overview', to: fleetRoutes.overview, label: texts.fleet.nav.overview, icon: LayoutDashboard },
    // Issue 31: the loads, the dashboard's centre, right after the overview.
    { section: fleetPatterns.loads, to: fleetRoutes.loads, label: texts.loads.screens.nav, icon: Package },
    // Issue 31: the dispatch board, right after Loads (the loads screens' item goes first).
    { section: fleetPatterns.dispatch, to: fleetRoutes.dispatch, label: texts.loads.dispatch.nav, icon: CalendarRange },
    { section: fleetPatterns.profile, to: fleetRoutes.profile, label: texts.fleet.nav.profile, icon: Building2 },
    { section: fleetPatterns.trucks, to: fleetRoutes.trucks, label: texts.fleet.nav.trucks, icon: Truck },
    // Issue 15: the Truck Board's postings, right after Trucks.
    { section: fleetPatterns.postings, to: fleetRoutes.postings, label: texts.board.myPostings, icon: Megaphone },
    { section: fleetPatterns.trailers, to: fleetRoutes.trailers, label: texts.fleet.nav.trailers, icon: Container },
    { section: fleetPatterns.drivers, to: fleetRoutes.drivers, label: texts.fleet.nav.drivers, icon: Users },
    { section: fleetPatterns.documents, to: fleetRoutes.documents, label: texts.fleet.nav.documents, icon: FolderOpen, badge: 'renewals' },
    { section: fleetPatterns.compliance, to: fleetRoutes.compliance, label: texts.compliance.menu, icon: CalendarClock },
    {
      section: fleetPatterns.companySettings,
      to: fleetRoutes.companySettings,
      label: texts.fleet.nav.companySettings,
      icon: Settings,
    },
    // After the spec's menu: the driver portal's contact messages, with the unread count.
    { section: fleetPatterns.inbox, to: fleetRoutes.inbox, label: texts.inbox.title, icon: Inbox, badge: 'inbox' },
  ]
}

export interface FleetNavProps {
  /** The current section; null on a page the dashboard does not have. */
  active: FleetSection | null
  /** Called after a link is followed (closes the mobile sheet). */
  onNavigate?: () => void
  label: string
  /** The inbox's unread messages, shown as a badge on its item. */
  unread?: number
  /** Driver renewals waiting for review, shown on Documents (where they are reviewed). */
  pendingRenewals?: number
}

/** The side menu of spec §2; the active item carries aria-current="page". */
export function FleetNav({ active, onNavigate, label, unread = 0, pendingRenewals = 0 }: FleetNavProps) {
  const badges = {
    inbox: unread > 0 ? { count: unread, label: format(texts.inbox.unread, { count: unread }) } : null,
    renewals:
      pendingRenewals > 0
        ? {
            count: pendingRenewals,
            label:
              pendingRenewals === 1
                ? texts.compliance.bell.renewalsOne
                : format(texts.compliance.bell.renewalsCount, { count: pendingRenewals }),
          }
        : null,
  }
  return (
    <nav aria-label={label}>
      <ul className="flex flex-col gap-1">
        {navItems().map(({ section, to, label: itemLabel, icon: Icon, badge: badgeOf }) => {
          const current = section === active
          const badge = badgeOf ? badges[badgeOf] : null
          return (
            <li key={section}>
              <Link
                to={to}
                onClick={onNavigate}
                aria-current={current ? 'page' : undefined}
                className={cn(
                  'flex items-center gap-3 rounded-md px-3 py-2.5 text-sm font-medium transition-colors',
                  current ? 'bg-primary text-primary-foreground' : 'text-ink hover:bg-muted',
                )}
              >
                <Icon className="h-4 w-4 shrink-0" aria-hidden />
                {itemLabel}
                {badge && <UnreadBadge count={badge.count} className="ml-auto" label={badge.label} />}
              </Link>
            </li>
          )
        })}
      </ul>
    </nav>
  )
}
