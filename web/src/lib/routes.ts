const fleetDashboard = '/fleet-dashboard'
const testCheckout = '/test-checkout'
const testPortal = '/test-portal'
const broker = '/broker'

/** Every path of the SPA, in one place. */
export const routes = {
  home: '/',
  homeCompany: '/#company',
  homeContact: '/#contact',
  auth: '/auth',
  resetPassword: '/reset-password',
  dashboard: '/dashboard',
  fleetDashboard,
  fleetSignup: '/fleet-signup',
  pricing: '/pricing',
  subscriptionSuccess: '/subscription-success',
  pendingApproval: '/pending-approval',
  testCheckout,
  testPortal,
  driverPortal: '/driver-portal',
  privacyPolicy: '/privacy-policy',
  termsOfService: '/terms-of-service',
  /** The broker portal (broker_admin, broker_user): brokerRoutes below. */
  broker,
} as const

/**
 * The fleet dashboard's screens (spec §2) as its nested <Routes> match them,
 * relative to routes.fleetDashboard. Each list screen is one path segment;
 * a detail screen adds one id.
 */
export const fleetPatterns = {
  /** Issue 31: the fleet's loads, a new load (by hand or from a rate con) and a load's page. */
  loads: 'loads',
  loadNew: 'loads/new',
  load: 'loads/:loadId',
  /** A load's form, filled, to edit it (before any stop is reached). */
  loadEdit: 'loads/:loadId/edit',
  profile: 'profile',
  /** The dispatch board (issue 31 §3): `?assign=<loadId>` opens the assignment dialog of a load. */
  dispatch: 'dispatch',
  trucks: 'trucks',
  truck: 'trucks/:truckId',
  /** The fleet's Truck Board postings ('My Postings', issue 15). */
  postings: 'postings',
  trailers: 'trailers',
  trailer: 'trailers/:trailerId',
  drivers: 'drivers',
  driver: 'drivers/:driverId',
  documents: 'documents',
  /** Every dated item of the fleet: documents, drivers' qualifications, the MCS-150. */
  compliance: 'compliance',
  companySettings: 'company-settings',
  settings: 'settings',
  billing: 'billing',
  /** The driver portal's contact messages (not in spec §2's menu: the portal issue adds it). */
  inbox: 'inbox',
} as const

const fleetPath = (segment: string) => `${fleetDashboard}/${segment}`
const fleetDetail = (segment: string) => (id: string) => `${fleetPath(segment)}/${encodeURIComponent(id)}`

/** Links to the fleet dashboard's screens. */
export const fleetRoutes = {
  overview: fleetDashboard,
  loads: fleetPath(fleetPatterns.loads),
  loadNew: fleetPath(fleetPatterns.loadNew),
  load: fleetDetail(fleetPatterns.loads),
  loadEdit: (id: string) => `${fleetDetail(fleetPatterns.loads)(id)}/edit`,
  /** The dispatch board's assignment of one load. */
  loadAssign: (id: string) => `${fleetPath('dispatch')}?assign=${encodeURIComponent(id)}`,
  profile: fleetPath(fleetPatterns.profile),
  dispatch: fleetPath(fleetPatterns.dispatch),
  trucks: fleetPath(fleetPatterns.trucks),
  truck: fleetDetail(fleetPatterns.trucks),
  postings: fleetPath(fleetPatterns.postings),
  trailers: fleetPath(fleetPatterns.trailers),
  trailer: fleetDetail(fleetPatterns.trailers),
  drivers: fleetPath(fleetPatterns.drivers),
  driver: fleetDetail(fleetPatterns.drivers),
  documents: fleetPath(fleetPatterns.documents),
  compliance: fleetPath(fleetPatterns.compliance),
  companySettings: fleetPath(fleetPatterns.companySettings),
  settings: fleetPath(fleetPatterns.settings),
  billing: fleetPath(fleetPatterns.billing),
  inbox: fleetPath(fleetPatterns.inbox),
  /** The Loads page's Tenders tab; with an id, that tender's details open (the bell's link). */
  tenders: (id?: string) =>
    `${fleetPath(fleetPatterns.loads)}?tab=tenders${id ? `&tender=${encodeURIComponent(id)}` : ''}`,
  /** The user menu's Account Settings and Billing open on the overview's path. */
  accountSettings: `${fleetDashboard}?tab=settings`,
  billingTab: `${fleetDashboard}?tab=billing`,
} as const

/**
 * The broker portal's screens (issue 15) as its nested <Routes> match them,
 * relative to routes.broker.
 */
export const brokerPatterns = {
  /** The search criteria are its query string; `posting=<id>` opens a posting's details over the results. */
  board: 'board',
  savedSearches: 'saved-searches',
  /** broker_admin only. */
  users: 'users',
  settings: 'settings',
  /** Issue 33: the broker's tenders (`?tab=closed`), shipments (`?status=&q=&page=`) and a shipment's page. */
  tenders: 'tenders',
  shipments: 'shipments',
  shipment: 'shipments/:shipmentId',
} as const

const brokerPath = (segment: string) => `${broker}/${segment}`
/** `?query` when there is one. */
const withQuery = (path: string, query?: string) => (query ? `${path}?${query}` : path)

/** Links to the broker portal's screens; the board's take its search criteria as a query string. */
export const brokerRoutes = {
  board: (query?: string) => withQuery(brokerPath(brokerPatterns.board), query),
  savedSearches: brokerPath(brokerPatterns.savedSearches),
  users: brokerPath(brokerPatterns.users),
  settings: brokerPath(brokerPatterns.settings),
  tenders: brokerPath(brokerPatterns.tenders),
  shipments: brokerPath(brokerPatterns.shipments),
  shipment: (id: string) => `${brokerPath(brokerPatterns.shipments)}/${encodeURIComponent(id)}`,
  /** The open page of a saved search's alert e-mail. */
  unsubscribe: (token: string) => `/unsubscribe/${encodeURIComponent(token)}`,
} as const

/** <Route path> patterns of the app's routes that take more than a fixed path. */
export const routePatterns = {
  fleetDashboard: `${fleetDashboard}/*`,
  testCheckout: `${testCheckout}/:sessionId`,
  /** The Stripe stand-in's Customer Portal and its receipts (dev only): testPortalPatterns below. */
  testPortal: `${testPortal}/*`,
  /** The broker portal: brokerPatterns above. */
  broker: `${broker}/*`,
  unsubscribe: '/unsubscribe/:token',
  /** A tender's one-time link from its e-mail (issue 33): open, no sign-in. */
  tenderLink: '/tender/:fleetId/:token',
  /** A fleet's driver portal, relative to routes.driverPortal (features/driver-portal/portal-paths.ts). */
  fleetPortal: ':fleetId/*',
  /** Every other path (the app shell's, a not-found page's). */
  anyOther: '*',
} as const

/** The stand-in portal's pages, relative to routes.testPortal. */
export const testPortalPatterns = {
  portal: ':portalId',
  receipt: 'receipts/:paymentId',
} as const

export function mailto(address: string, subject?: string): string {
  return subject ? `mailto:${address}?subject=${encodeURIComponent(subject)}` : `mailto:${address}`
}
