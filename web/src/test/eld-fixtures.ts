// ELD rows for the tests of the ELD Integration tab and the lists' sync buttons.
import type { EldIntegrationView, EldProviderOption, EldView, SyncRun } from '@/lib/eld'

export const providers: EldProviderOption[] = [
  { value: 'keeptruckin', label: 'Motive (KeepTruckin)', credentials: 'api_key', note: null },
  { value: 'samsara', label: 'Samsara', credentials: 'api_key', note: 'Create an API token under Settings › API Tokens.' },
  { value: 'geotab', label: 'Geotab', credentials: 'geotab', note: null },
  { value: 'omnitracs', label: 'Omnitracs', credentials: 'unavailable', note: null },
  { value: 'demo', label: 'Demo ELD', credentials: 'none', note: null },
  { value: 'other', label: 'Other (CSV import)', credentials: 'csv', note: null },
]

export function integration(overrides: Partial<EldIntegrationView> = {}): EldIntegrationView {
  return {
    provider: 'samsara',
    provider_label: 'Samsara',
    key_hint: 'x9Q2',
    geotab: null,
    needs_attention: false,
    attention_reason: null,
    is_demo: false,
    updated_at: '2025-01-05T15:04:00Z',
    ...overrides,
  }
}

export function eldView(overrides: Partial<EldView> = {}): EldView {
  return {
    integration: null,
    settings: { frequency: 'daily', drivers: true, trucks: true, trailers: true },
    providers,
    running: [],
    ...overrides,
  }
}

export function syncRun(overrides: Partial<SyncRun> = {}): SyncRun {
  return {
    id: 'run-1',
    kind: 'trucks',
    trigger: 'manual',
    status: 'queued',
    provider: 'samsara',
    incremental: false,
    queued_at: '2025-01-05T15:03:00',
    started_at: null,
    finished_at: null,
    pages_fetched: 0,
    rows_written: 0,
    synced: 0,
    created: 0,
    updated: 0,
    deactivated: 0,
    assignments_updated: null,
    warning: null,
    error: null,
    ...overrides,
  }
}
