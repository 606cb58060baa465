import type { CSSProperties } from 'react'

export const DEFAULT_PRIMARY = '#3E63DD'
export const DEFAULT_SECONDARY = '#6E56CF'

const HEX = /^#[0-9a-fA-F]{6}$/

export function isHexColor(value: string): boolean {
  return HEX.test(value)
}

/**
 * CSS variables that re-colour the Tailwind theme (`bg-primary`,
 * `text-primary`, focus outlines…) inside the shell with the fleet's brand.
 */
export function accentStyle(primary: string | null | undefined, secondary: string | null | undefined): CSSProperties {
  const p = primary && isHexColor(primary) ? primary : DEFAULT_PRIMARY
  const s = secondary && isHexColor(secondary) ? secondary : DEFAULT_SECONDARY
  return {
    '--color-primary': p,
    '--color-primary-hover': `color-mix(in srgb, ${p} 85%, black)`,
    '--color-secondary': s,
    '--color-secondary-hover': `color-mix(in srgb, ${s} 85%, black)`,
  } as CSSProperties
}
