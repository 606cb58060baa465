import { useQuery } from '@tanstack/react-query'
import { api } from './api-client'
import type { components } from './api-types'
import { unlessJustFetched } from './prefetch'
import { queryKeys } from './query-keys'

// The ELD API's types, generated from the server's contract. GET
// /api/fleet/eld lives here (like fleet-account.ts) because both the ELD
// settings screen and the sync buttons of the lists read it.
type Schemas = components['schemas']

export type SyncKind = Schemas['SyncKind']
export type SyncRunKind = Schemas['SyncRunKind']
export type SyncStatus = Schemas['SyncStatus']
export type SyncFrequency = Schemas['SyncFrequency']
export type ProviderCredentials = Schemas['ProviderCredentials']
export type SyncRun = Schemas['SyncRun']
export type GeotabConnectionView = Schemas['GeotabDetails']
export type EldIntegrationView = Schemas['IntegrationView']
export type EldSyncSettings = Schemas['SyncSettings']
export type EldProviderOption = Schemas['ProviderOption']
/** Queued or running syncs are in `running`, one per kind at most. */
export type EldView = Schemas['EldStatus']

/** True while a run has not ended. */
export function isRunActive(run: Pick<SyncRun, 'status'>): boolean {
  return run.status === 'queued' || run.status === 'running'
}

export function fetchEld(signal?: AbortSignal): Promise<EldView> {
  return api.get('/api/fleet/eld', signal)
}

/** The fleet's ELD connection, settings, provider list and running syncs (the lists' sync buttons read it too). */
export const eldQuery = {
  queryKey: queryKeys.fleet.eld,
  queryFn: ({ signal }: { signal: AbortSignal }) => fetchEld(signal),
  refetchOnMount: unlessJustFetched,
}

export function useEld() {
  return useQuery(eldQuery)
}
