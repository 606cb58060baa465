import { format, texts } from '@/lib/texts'

export interface ManifestFleet {
  fleet_id: string
  fleet_name: string
  primary_color: string
}

/** The icons in web/public (web/scripts/portal-icons.mjs). */
const ICONS = [
  { src: '/icons/portal-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
  { src: '/icons/portal-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
  { src: '/icons/portal-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
]

/**
 * A fleet's portal as an installed app: its name, its color, and it opens on
 * the driver's home in that fleet's portal. URLs are absolute because the
 * manifest is a data: URL (relative ones would resolve against it).
 */
export function portalManifest(fleet: ManifestFleet | null, fleetId: string, origin: string) {
  const name = fleet ? format(texts.portalOffline.appName, { fleet: fleet.fleet_name }) : texts.brand.name
  const home = `${origin}/driver-portal/${encodeURIComponent(fleetId)}`
  return {
    id: `${home}/`,
    name,
    short_name: fleet?.fleet_name.slice(0, 12) || texts.brand.name,
    start_url: `${home}/home`,
    scope: `${origin}/driver-portal/`,
    display: 'standalone',
    orientation: 'portrait',
    background_color: '#ffffff',
    theme_color: fleet?.primary_color ?? '#3e63dd',
    icons: ICONS.map((icon) => ({ ...icon, src: `${origin}${icon.src}` })),
  }
}

/** Puts the manifest (and an iOS home-screen icon) in the page's head; returns the undo. */
export function setManifestLink(manifest: object): () => void {
  const link = document.createElement('link')
  link.rel = 'manifest'
  link.href = `data:application/manifest+json,${encodeURIComponent(JSON.stringify(manifest))}`
  const touch = document.createElement('link')
  touch.rel = 'apple-touch-icon'
  touch.href = '/icons/portal-180.png'
  document.head.append(link, touch)
  return () => {
    link.remove()
    touch.remove()
  }
}
