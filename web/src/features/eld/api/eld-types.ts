// The ELD API's request and page types, generated from the server's
// contract. GET /api/fleet/eld and the sync run are shared with the lists'
// sync buttons, so their types live in lib/eld.ts (import them from there).
import type { components } from '@/lib/api-types'

type Schemas = components['schemas']

export type GeotabCredentials = Schemas['GeotabCredentials']
/** PUT /api/fleet/eld/connection; with no `api_key` a saved key of the same provider is kept. */
export type EldConnectionInput = Schemas['ConnectRequest']
/** PUT /api/fleet/eld/settings. */
export type EldSettingsInput = Schemas['SyncSettings']
/** GET /api/fleet/eld/syncs?page=&per_page=, newest first. */
export type SyncRunPage = Schemas['SyncRunPage']
export type ImportRowError = Schemas['ImportRowError']
/** POST /api/fleet/eld/import. */
export type ImportResult = Schemas['ImportResult']
