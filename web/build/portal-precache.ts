import { readFileSync } from 'node:fs'
import type { Plugin } from 'vite'
import type { ManifestTransform } from 'workbox-build'
import type { RoutePreloadsFile } from './route-preloads'

interface ViteManifestChunk {
  file: string
  isEntry?: boolean
  imports?: string[]
  dynamicImports?: string[]
  css?: string[]
  assets?: string[]
}

/**
 * Limits the service worker's precache to what the driver portal runs: the
 * HTML shell, the entry and the chunks it imports, the chunks of `shell`
 * (the routes' shell) and the portal's own chunks (`portal`) with everything
 * they import, lazily too — not the fleet
 * dashboard's or the admin's, which a driver's phone has no use for. Read from
 * Vite's manifest (dist/.vite/manifest.json), written before the worker is.
 */
export function portalPrecache(
  viteManifest: string,
  { shell, portal }: { shell: string[]; portal: string[] },
  extra: (url: string) => boolean,
): ManifestTransform {
  return (entries) => {
    const manifest = JSON.parse(readFileSync(viteManifest, 'utf8')) as Record<string, ViteManifestChunk>
    const keep = new Set<string>(['index.html', PORTAL_SHELL])
    const seen = new Set<string>()
    const visit = (key: string, lazy: boolean) => {
      const chunk = manifest[key]
      if (!chunk || seen.has(key)) return
      seen.add(key)
      keep.add(chunk.file)
      chunk.css?.forEach((file) => keep.add(file))
      chunk.assets?.forEach((file) => keep.add(file))
      chunk.imports?.forEach((imported) => visit(imported, lazy))
      if (lazy) chunk.dynamicImports?.forEach((imported) => visit(imported, lazy))
    }
    // The entry's lazy imports are every screen of the app: only its static ones.
    Object.keys(manifest)
      .filter((key) => manifest[key].isEntry)
      .forEach((key) => visit(key, false))
    const keyOf = (module: string) => {
      const key = Object.keys(manifest).find((k) => k.endsWith(module))
      if (!key) throw new Error(`portal-precache: ${module} is not in the Vite manifest`)
      return key
    }
    // The shell's lazy imports are the app's screens again.
    shell.forEach((module) => visit(keyOf(module), false))
    portal.forEach((module) => visit(keyOf(module), true))
    return { manifest: entries.filter((entry) => keep.has(entry.url) || extra(entry.url)), warnings: [] }
  }
}

/** The page an offline portal visit gets from the service worker (vite.config.ts). */
export const PORTAL_SHELL = 'portal-shell.html'

/**
 * Writes dist/portal-shell.html: index.html with the `/driver-portal`
 * route's modulepreload hints, as the server would answer it (decision 030).
 * Offline, the service worker answers portal pages with it, so their chunks
 * load at once from the precache instead of one lazy import after another.
 */
export function portalShell(route = '/driver-portal'): Plugin {
  return {
    name: 'longhaul-portal-shell',
    apply: 'build',
    enforce: 'post',
    generateBundle(_, bundle) {
      const index = bundle['index.html']
      const preloads = bundle['route-preloads.json']
      if (index?.type !== 'asset' || preloads?.type !== 'asset') {
        this.error('portal-shell: index.html or route-preloads.json is not in the bundle')
      }
      const routes = (JSON.parse(String(preloads.source)) as RoutePreloadsFile).routes
      const hints = routes
        .find((r) => r.path === route)
        ?.modulepreload.map((href) => `<link rel="modulepreload" crossorigin href="${href}">`)
        .join('')
      if (!hints) this.error(`portal-shell: no preloads for ${route} in route-preloads.json`)
      this.emitFile({ type: 'asset', fileName: PORTAL_SHELL, source: String(index.source).replace('</head>', `${hints}</head>`) })
    },
  }
}
