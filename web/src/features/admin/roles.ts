import type { Role } from '@/lib/role-routing'
import { texts } from '@/lib/texts'

const t = texts.admin

/** The five roles in the order the selectors list them (spec §6). */
export const ROLES = Object.keys(t.roles) as Role[]

export function isRole(value: string): value is Role {
  return (ROLES as string[]).includes(value)
}

/** 'Fleet Admin' for fleet_admin, 'No role' for none (the contract sends a role as plain text). */
export function roleLabel(role: string | null): string {
  return role && isRole(role) ? t.roles[role] : t.noRole
}

/** A native <select>'s look, matching the Input component. */
export const selectClass =
  'h-10 rounded-md border border-border bg-white px-3 text-sm text-ink focus-visible:border-primary focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-primary disabled:cursor-not-allowed disabled:opacity-50'
