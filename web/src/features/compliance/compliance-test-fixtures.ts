// Compliance items, calendar pages and settings for the tests of the compliance calendar.
import { vi } from 'vitest'
import type {
  CalendarPage,
  ComplianceItem,
  ComplianceSettings,
  GroupName,
} from './api/calendar-api'

export const TRUCK_ID = '0b6c5a52-1111-4c1e-9d7e-5a1f00000001'
export const DRIVER_ID = '0b6c5a52-2222-4c1e-9d7e-5a1f00000002'
export const DOCUMENT_ID = '0b6c5a52-3333-4c1e-9d7e-5a1f00000003'

export function complianceItem(overrides: Partial<ComplianceItem> = {}): ComplianceItem {
  return {
    key: `doc:${DOCUMENT_ID}`,
    source: 'document',
    kind: 'truck',
    title: 'Cab card 2025',
    type_label: 'Truck Registration',
    asset_id: TRUCK_ID,
    asset_name: 'Unit 101',
    document_id: DOCUMENT_ID,
    due_on: '2025-03-15',
    group: 'next30',
    link: `/fleet-dashboard/trucks/${TRUCK_ID}`,
    ...overrides,
  }
}

/** `count` items of a group, due one a day from `from`. */
export function itemsOf(group: GroupName, count: number, from = 0, due = '2025-03-15'): ComplianceItem[] {
  return Array.from({ length: count }, (_, i) =>
    complianceItem({
      key: `doc:${group}-${from + i}`,
      title: `${group} item ${from + i + 1}`,
      group,
      due_on: due,
    }),
  )
}

type GroupInput = { items?: ComplianceItem[]; total?: number; next_cursor?: string | null }

/** A calendar page; each group's total defaults to its item count. */
export function calendarPage(
  groups: Partial<Record<GroupName, GroupInput>> = {},
  today = '2025-03-10',
): CalendarPage {
  const names: GroupName[] = ['overdue', 'next30', 'next90', 'later']
  const built = names.map((group) => {
    const input = groups[group] ?? {}
    const items = input.items ?? []
    return { group, items, total: input.total ?? items.length, next_cursor: input.next_cursor ?? null }
  })
  const counts = Object.fromEntries(built.map((group) => [group.group, group.total])) as CalendarPage['counts']
  return { today, counts, groups: built }
}

export function complianceSettings(overrides: Partial<ComplianceSettings> = {}): ComplianceSettings {
  return {
    thresholds: [90, 30, 7, 0],
    available_thresholds: [90, 60, 30, 7, 1, 0],
    recipients: [
      { id: 'admin-1', name: 'Dana Owner', email: 'dana@blueridge.example', selected: false },
      { id: 'admin-2', name: 'Sam Dispatch', email: 'sam@blueridge.example', selected: false },
    ],
    feed_active: false,
    feed_created_at: null,
    ...overrides,
  }
}

/** A matchMedia stand-in: `wide` answers the md breakpoint's query. */
export function stubScreen(wide: boolean) {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      matches: query.includes('min-width') ? wide : !wide,
      media: query,
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
    })),
  )
}
