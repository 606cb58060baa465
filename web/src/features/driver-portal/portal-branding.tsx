import type { ReactNode } from 'react'
import { cn } from '@/lib/cn'
import type { PortalConfig } from './api/types'
import { accentStyle } from './portal-accent'

/** The page's frame in the fleet's colours; without a config, the product's. */
export function PortalFrame({ fleet, children }: { fleet?: PortalConfig | null; children: ReactNode }) {
  return (
    <div className="min-h-screen bg-muted" style={accentStyle(fleet?.primary_color, fleet?.secondary_color)}>
      {children}
    </div>
  )
}

/** The fleet's logo, or its initial on the primary colour when it has none. */
export function FleetLogo({ fleet, className, inverted }: { fleet: PortalConfig; className?: string; inverted?: boolean }) {
  if (fleet.logo_url) {
    return <img src={fleet.logo_url} alt={fleet.fleet_name} className={cn('h-12 w-auto max-w-40 object-contain', className)} />
  }
  return (
    <span
      aria-hidden
      className={cn(
        'inline-flex h-12 w-12 items-center justify-center rounded-lg text-xl font-bold',
        inverted ? 'bg-white text-primary' : 'bg-primary text-primary-foreground',
        className,
      )}
    >
      {fleet.fleet_name.trim().charAt(0).toUpperCase() || '?'}
    </span>
  )
}
