import { readFileSync } from 'node:fs'
import type { ManifestTransform } from 'workbox-build'

interface ViteManifestChunk {
  file: string
  css?: string[]
  assets?: string[]
}

/** The page the service worker answers a portal page with when the network does not (vite.portal.config.ts). */
export const PORTAL_HTML = 'portal.html'

/**
 * Limits the service worker's precache to the driver portal's own build
 * (portal.html and every chunk, style sheet and asset in its Vite manifest,
 * dist/portal-manifest.json) and the files `extra` names: not the rest of the
 * app, whose build shares dist/ with it and which a driver's phone has no use
 * for. Every portal page is kept, lazy ones too, so each opens offline.
 */
export function portalPrecache(viteManifest: string, extra: (url: string) => boolean): ManifestTransform {
  return (entries) => {
    const manifest = JSON.parse(readFileSync(viteManifest, 'utf8')) as Record<string, ViteManifestChunk>
    const keep = new Set<string>([PORTAL_HTML])
    for (const chunk of Object.values(manifest)) {
      keep.add(chunk.file)
      chunk.css?.forEach((file) => keep.add(file))
      chunk.assets?.forEach((file) => keep.add(file))
    }
    return { manifest: entries.filter((entry) => keep.has(entry.url) || extra(entry.url)), warnings: [] }
  }
}
