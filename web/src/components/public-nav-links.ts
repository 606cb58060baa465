import { routes } from '@/lib/routes'
import { texts } from '@/lib/texts'

/** The public header's links (spec §2, "Public chrome"). */
export const publicNavLinks = [
  { label: texts.publicHeader.home, to: routes.home },
  { label: texts.publicHeader.about, to: routes.homeCompany },
  { label: texts.publicHeader.contact, to: routes.homeContact },
  { label: texts.publicHeader.registerFleet, to: routes.fleetSignup },
] as const
