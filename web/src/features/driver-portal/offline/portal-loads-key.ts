/** The prefix of the portal's loads queries: a write the outbox has sent refreshes them. */
export const portalLoadsKey = ['portal', 'loads'] as const
