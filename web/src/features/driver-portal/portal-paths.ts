import { routes } from '@/lib/routes'

/** A fleet portal's pages, relative to /driver-portal/:fleetId (lib/routes.ts routePatterns.fleetPortal). */
export const portalPatterns = {
  home: 'home',
  invite: 'invite/:token',
  loads: 'loads',
  load: 'loads/:loadId',
} as const

const base = (fleetId: string) => `${routes.driverPortal}/${encodeURIComponent(fleetId)}`

export const portalPaths = {
  signIn: base,
  home: (fleetId: string) => `${base(fleetId)}/home`,
  invite: (fleetId: string, token: string) => `${base(fleetId)}/invite/${encodeURIComponent(token)}`,
  loads: (fleetId: string) => `${base(fleetId)}/loads`,
  load: (fleetId: string, loadId: string) => `${base(fleetId)}/loads/${encodeURIComponent(loadId)}`,
} as const

/** Router state that makes the sign-in page say the session has ended. */
export interface SignInState {
  sessionEnded?: boolean
}
