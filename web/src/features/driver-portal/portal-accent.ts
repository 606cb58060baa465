import type { CSSProperties } from 'react'

export const DEFAULT_PRIMARY = '#3E63DD'
export const DEFAULT_SECONDARY = '#6E56CF'

const HEX = /^#[0-9a-fA-F]{6}$/

/**
 * CSS variables that re-colour the Tailwind theme (`bg-primary`, focus
 * outlines…) with the fleet's brand. The same rule as the fleet dashboard's
 * (features/fleet-account/branding.ts); features do not import each other.
 */
export function accentStyle(primary: string | null | undefined, secondary: string | null | undefined): CSSProperties {
  const p = primary && HEX.test(primary) ? primary : DEFAULT_PRIMARY
  const s = secondary && HEX.test(secondary) ? secondary : DEFAULT_SECONDARY
  return {
    '--color-primary': p,
    '--color-primary-hover': `color-mix(in srgb, ${p} 85%, black)`,
    '--color-secondary': s,
    '--color-secondary-hover': `color-mix(in srgb, ${s} 85%, black)`,
  } as CSSProperties
}
