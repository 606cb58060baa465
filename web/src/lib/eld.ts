import { useQuery } from '@tanstack/react-query'
import { api } from './api-client'
import { queryKeys } from './query-keys'

// Hand-written types of the ELD API, to be replaced by the generated
// `api-types.ts` once the server's contract lists them; the field names are
// the server's. GET /api/fleet/eld lives here (like fleet-account.ts) because
// both the ELD settings screen and the sync buttons of the lists read it.

export type SyncKind = 'drivers' | 'trucks' | 'trailers'
export type SyncRunKind = SyncKind | 'import'
export type SyncStatus = 'queued' | 'running' | 'succeeded' | 'failed'
export type SyncFrequency = 'hourly' | 'daily' | 'weekly'
export type ProviderCredentials = 'api_key' | 'geotab' | 'none' | 'csv' | 'unavailable'

export interface SyncRun {
  id: string
  kind: SyncRunKind
  trigger: 'manual' | 'schedule'
  status: SyncStatus
  provider: string
  queued_at: string
  started_at: string | null
  finished_at: string | null
  pages_fetched: number
  rows_written: number
  synced: number
  created: number
  updated: number
  deactivated: number
  assignments_updated: number | null
  warning: string | null
  error: string | null
}

export interface GeotabConnectionView {
  server: string
  database: string
  user_name: string
}

export interface EldIntegrationView {
  provider: string
  provider_label: string
  /** The last 4 characters of the saved API key. */
  key_hint: string | null
  geotab: GeotabConnectionView | null
  needs_attention: boolean
  attention_reason: string | null
  is_demo: boolean
  updated_at: string
}

export interface EldSyncSettings {
  frequency: SyncFrequency
  drivers: boolean
  trucks: boolean
  trailers: boolean
}

export interface EldProviderOption {
  value: string
  label: string
  credentials: ProviderCredentials
  note: string | null
}

export interface EldView {
  integration: EldIntegrationView | null
  settings: EldSyncSettings
  providers: EldProviderOption[]
  /** Queued or running syncs, one per kind at most. */
  running: SyncRun[]
}

/** True while a run has not ended. */
export function isRunActive(run: Pick<SyncRun, 'status'>): boolean {
  return run.status === 'queued' || run.status === 'running'
}

export function fetchEld(signal?: AbortSignal): Promise<EldView> {
  return api.get('/api/fleet/eld', signal)
}

/** The fleet's ELD connection, settings, provider list and running syncs. */
export function useEld() {
  return useQuery({
    queryKey: queryKeys.fleet.eld,
    queryFn: ({ signal }) => fetchEld(signal),
  })
}
