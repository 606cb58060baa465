// Documents rows and pages for the tests of the documents screens.
import type { DocumentItem, DocumentPage } from './api/types'

export function documentItem(overrides: Partial<DocumentItem> = {}): DocumentItem {
  return {
    id: 'doc-1',
    name: 'Cab card 2025',
    document_type: 'truck_registration',
    description: null,
    file_name: 'cab-card.pdf',
    file_type: 'application/pdf',
    file_size: 12_595,
    issue_date: '2025-01-05',
    expiration_date: '2026-02-03',
    status: 'valid',
    is_shared_with_drivers: false,
    vehicle: { kind: 'truck', id: 'truck-1', name: 'Unit 101', identifier: '281474' },
    driver: null,
    created_at: '2025-01-05T15:00:00Z',
    ...overrides,
  }
}

export function documentPage(
  items: DocumentItem[],
  { total = items.length, page = 1, counts = { expiring_soon: 0, expired: 0 } } = {},
): DocumentPage {
  return { items, total, page, per_page: 50, counts }
}
