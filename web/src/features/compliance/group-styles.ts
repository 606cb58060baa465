import type { BadgeProps } from '@/components/ui/badge'
import { texts } from '@/lib/texts'
import type { GroupName } from './api/calendar-api'

interface GroupStyle {
  label: string
  badge: NonNullable<BadgeProps['variant']>
  /** The section's left edge. */
  accent: string
  /** The relative phrase ('3 days overdue'). */
  text: string
  /** An item's chip in a month cell. */
  chip: string
}

const g = texts.compliance.groups

/** Overdue red, the next 30 days amber, the next 90 blue, later grey. */
export const groupStyles: Record<GroupName, GroupStyle> = {
  overdue: {
    label: g.overdue,
    badge: 'destructive',
    accent: 'border-l-red-500',
    text: 'text-red-700',
    chip: 'border-red-200 bg-red-50 text-red-900 hover:bg-red-100',
  },
  next30: {
    label: g.next30,
    badge: 'warning',
    accent: 'border-l-amber-500',
    text: 'text-amber-800',
    chip: 'border-amber-200 bg-amber-50 text-amber-900 hover:bg-amber-100',
  },
  next90: {
    label: g.next90,
    badge: 'info',
    accent: 'border-l-blue-400',
    text: 'text-blue-800',
    chip: 'border-blue-200 bg-blue-50 text-blue-900 hover:bg-blue-100',
  },
  later: {
    label: g.later,
    badge: 'outline',
    accent: 'border-l-slate-300',
    text: 'text-muted-foreground',
    chip: 'border-border bg-muted text-ink hover:bg-slate-200',
  },
}

/** An item's group as the server named it; an unknown one is shown as 'later'. */
export const styleOf = (group: string): GroupStyle =>
  group in groupStyles ? groupStyles[group as GroupName] : groupStyles.later

/** 'Truck', 'Driver'… for an item's kind. */
export function kindLabel(kind: string): string {
  const kinds: Record<string, string> = texts.compliance.kinds
  return kinds[kind] ?? kind
}
