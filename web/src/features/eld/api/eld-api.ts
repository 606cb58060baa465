import { api } from '@/lib/api-client'
import type { EldSyncSettings, EldView } from '@/lib/eld'
import type { EldConnectionInput, EldSettingsInput, ImportResult, SyncRunPage } from './eld-types'

// GET /api/fleet/eld is read through lib/eld.ts, and a sync is started and
// polled by components/fleet/use-eld-sync.ts: the lists' sync buttons use them too.

/** The CSV template of the Other (CSV import) provider, downloaded by a plain link. */
export const IMPORT_TEMPLATE_URL = '/api/fleet/eld/import/template'

export const saveConnection = (body: EldConnectionInput) => api.put<EldView>('/api/fleet/eld/connection', body)

export const saveSyncSettings = (body: EldSettingsInput) => api.put<EldSyncSettings>('/api/fleet/eld/settings', body)

export const fetchSyncHistory = (page: number, perPage: number, signal?: AbortSignal) =>
  api.get<SyncRunPage>(`/api/fleet/eld/syncs?page=${page}&per_page=${perPage}`, signal)

/** POST /api/fleet/eld/import as multipart with the field `file`. */
export function importCsv(file: File): Promise<ImportResult> {
  const body = new FormData()
  body.append('file', file)
  return api.post('/api/fleet/eld/import', body)
}
