import type { OutputBundle, OutputChunk } from 'rolldown'
import type { Plugin } from 'vite'

/** A route the server opens with hints: what its first screen will load. */
export interface RoutePreload {
  /** A path; it covers the paths under it too, and the longest that matches a request wins. */
  path: string
  /** Source modules (from web/, e.g. `src/app/app-shell.tsx`) whose chunks the route's first screen runs. */
  modules: string[]
  /** Same-origin GETs the screen makes before it can show anything (the session, the shell's data). */
  fetch?: string[]
  /**
   * The screen's own data as it asks for it unfiltered, hinted only on the
   * route's own path with no query string (a filter asks for other URLs).
   * Each must be the app's URL to the byte, or the app asks again
   * (e2e/tests/preload-hints.spec.ts checks that none is wasted).
   */
  fetchUnfiltered?: string[]
}

/** dist/route-preloads.json, read by the server (crates/longhaul/src/spa.rs). */
export interface RoutePreloadsFile {
  routes: { path: string; modulepreload: string[]; fetch: string[]; fetch_unfiltered: string[] }[]
}

/**
 * Writes dist/route-preloads.json: for each route, the chunks its first
 * screen loads lazily (the modules given and their static imports, less what
 * the entry loads anyway) and the requests it starts first. The server adds
 * them to the index.html it answers that route with, as `<link rel=modulepreload>`
 * and `<link rel=preload as=fetch>`, so the browser fetches the whole chain
 * while it still parses the entry, instead of one lazy import, then the
 * session, then the next import after another (decision 030).
 */
export function routePreloads(routes: RoutePreload[], fileName = 'route-preloads.json'): Plugin {
  return {
    name: 'longhaul-route-preloads',
    apply: 'build',
    generateBundle(_, bundle) {
      const chunks = Object.values(bundle).filter((item): item is OutputChunk => item.type === 'chunk')
      const entry = chunks.find((chunk) => chunk.isEntry)
      if (!entry) this.error('route-preloads: the build has no entry chunk')
      const withImports = (start: OutputChunk): Set<string> => {
        const files = new Set<string>()
        const visit = (file: string) => {
          if (files.has(file)) return
          files.add(file)
          const chunk = (bundle as OutputBundle)[file]
          if (chunk?.type === 'chunk') chunk.imports.forEach(visit)
        }
        visit(start.fileName)
        return files
      }
      const loadedByEntry = withImports(entry)
      const chunkOf = (module: string): OutputChunk => {
        const chunk = chunks.find((c) => c.facadeModuleId?.endsWith(`/${module}`))
        if (!chunk) this.error(`route-preloads: no chunk is made from ${module} (renamed, or no longer loaded lazily?)`)
        return chunk
      }
      const file: RoutePreloadsFile = {
        routes: routes.map(({ path, modules, fetch = [], fetchUnfiltered = [] }) => {
          const files = new Set<string>()
          for (const module of modules) withImports(chunkOf(module)).forEach((f) => loadedByEntry.has(f) || files.add(f))
          return { path, modulepreload: [...files].sort().map((f) => `/${f}`), fetch, fetch_unfiltered: fetchUnfiltered }
        }),
      }
      this.emitFile({ type: 'asset', fileName, source: `${JSON.stringify(file, null, 1)}\n` })
    },
  }
}
