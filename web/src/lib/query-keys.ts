/**
 * Every TanStack Query key of the SPA, so that a mutation in one feature can
 * name what it changes in another (a driver edit refreshes the truck lists).
 * A list's key is the prefix of its pages (`[...key, params]`), a detail's
 * the prefix of its items (`[...key, id]`): invalidating it refreshes them all.
 */
export const queryKeys = {
  session: ['auth', 'session'],
  config: ['config'],
  testCheckout: ['test-checkout'],
  /** The Stripe stand-in's portal sessions and receipts. */
  testPortal: ['test-portal'],
  testPortalReceipt: ['test-portal-receipt'],
  /** GET /api/places?q=: the place suggestions of a city, state or ZIP input. */
  places: ['places'],
  admin: {
    signups: ['admin', 'signups'],
    users: ['admin', 'users'],
    fleetAccounts: ['admin', 'fleet-accounts'],
    accounts: ['admin', 'accounts'],
    audit: ['admin', 'audit'],
  },
  fleet: {
    /** GET /api/fleet/account, read by the dashboard shell and most of its screens. */
    account: ['fleet', 'account'],
    overview: ['fleet', 'overview'],
    trucks: ['fleet', 'trucks'],
    truck: ['fleet', 'truck'],
    trailers: ['fleet', 'trailers'],
    trailer: ['fleet', 'trailer'],
    drivers: ['fleet', 'drivers'],
    driver: ['fleet', 'driver'],
    /** GET /api/fleet/eld: the connection, sync settings, providers and running syncs. */
    eld: ['fleet', 'eld'],
    /** GET /api/fleet/eld/syncs pages (Sync History). */
    eldSyncs: ['fleet', 'eld-syncs'],
    /** GET /api/fleet/eld/syncs/{id}: one sync run, polled while it runs. */
    eldSync: ['fleet', 'eld-sync'],
    /** GET /api/fleet/documents pages: the Documents screen's and each asset's Documents tab. */
    documents: ['fleet', 'documents'],
    /** GET /api/fleet/billing: subscription, card and payments (the Billing screen). */
    billing: ['fleet', 'billing'],
    /** GET /api/fleet/billing/state: the shell's past-due banner; the Billing screen refreshes it. */
    billingState: ['fleet', 'billing-state'],
    /** GET /api/fleet/portal/link: the driver portal's address (Company Settings › Portal Settings). */
    portalLink: ['fleet', 'portal-link'],
    /** GET /api/fleet/renewals: the drivers' renewals waiting for review (the Documents screen). */
    renewals: ['fleet', 'renewals'],
    /** GET /api/fleet/inbox: the contact messages from the driver portal. */
    inbox: ['fleet', 'inbox'],
    /** GET /api/fleet/inbox/unread: the shell's unread badge. */
    inboxUnread: ['fleet', 'inbox-unread'],
    /** GET /api/fleet/notifications: the shell's bell (compliance reminders, FMCSA changes). */
    notifications: ['fleet', 'notifications'],
    /** GET /api/fleet/drivers/{id}/qualifications: a driver's Qualification tab. */
    qualifications: ['fleet', 'qualifications'],
    /** Every compliance view lies under it (the calendar, its items, the overview's summary): what changes a date refreshes them all. */
    compliance: ['fleet', 'compliance'],
    /** GET /api/fleet/compliance/summary: the overview's Fleet Status card. */
    complianceSummary: ['fleet', 'compliance', 'summary'],
    /** GET /api/fleet/fmcsa/history: the company profile's History tab. */
    fmcsaHistory: ['fleet', 'fmcsa-history'],
    /** GET /api/fleet/fmcsa/alerts: the overview's FMCSA banner. */
    fmcsaAlerts: ['fleet', 'fmcsa-alerts'],
    /** GET /api/fleet/postings?status=: the fleet's Truck Board postings (My Postings). */
    postings: ['fleet', 'postings'],
    /** GET /api/fleet/vehicles/{id}/position: a truck's last ELD position (the posting dialog). */
    vehiclePosition: ['fleet', 'vehicle-position'],
  },
} as const
