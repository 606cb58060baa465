// Hand-written types of the ELD API (spec part 2 §2 "ELD Integration"), to be
// replaced by the generated `lib/api-types.ts`; field names are the server's.
// GET /api/fleet/eld and the sync run are shared with the lists' sync buttons,
// so their types live in lib/eld.ts.
import type { EldSyncSettings, SyncRun } from '@/lib/eld'

export type {
  EldIntegrationView,
  EldProviderOption,
  EldSyncSettings,
  EldView,
  GeotabConnectionView,
  ProviderCredentials,
  SyncFrequency,
  SyncKind,
  SyncRun,
  SyncRunKind,
  SyncStatus,
} from '@/lib/eld'

export interface GeotabCredentials {
  server: string
  database: string
  user_name: string
  password: string
}

/** PUT /api/fleet/eld/connection; with no `api_key` a saved key of the same provider is kept. */
export interface EldConnectionInput {
  provider: string
  api_key?: string
  geotab?: GeotabCredentials
}

/** PUT /api/fleet/eld/settings. */
export type EldSettingsInput = EldSyncSettings

/** GET /api/fleet/eld/syncs?page=&per_page=, newest first. */
export interface SyncRunPage {
  items: SyncRun[]
  total: number
  page: number
  per_page: number
}

export interface ImportRowError {
  row: number
  field: string
  message: string
}

/** POST /api/fleet/eld/import. */
export interface ImportResult {
  run: SyncRun
  errors: ImportRowError[]
}
