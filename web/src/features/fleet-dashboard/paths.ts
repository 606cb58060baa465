import { routes } from '@/lib/routes'

const base = routes.fleetDashboard

/** Every path of the fleet dashboard (spec §2). */
export const fleetPaths = {
  overview: base,
  profile: `${base}/profile`,
  trucks: `${base}/trucks`,
  trailers: `${base}/trailers`,
  drivers: `${base}/drivers`,
  documents: `${base}/documents`,
  companySettings: `${base}/company-settings`,
  settings: `${base}/settings`,
  billing: `${base}/billing`,
  accountSettings: `${base}?tab=settings`,
  billingTab: `${base}?tab=billing`,
} as const
