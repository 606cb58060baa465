import { readFileSync } from 'node:fs'
import type { OutputChunk } from 'rolldown'
import type { Plugin } from 'vite'

/** Appended to the id of a library module that the public pages get a copy of. */
export const PUBLIC_COPY = '?area=public'

/**
 * dist/.vite/area-copies.json: for each chunk, the modules of the listed
 * packages it holds (node_modules/… paths, a copy's ending in PUBLIC_COPY);
 * scripts/check-bundle.mjs fails when the public pages load a dashboard's one.
 */
export type AreaCopiesFile = Record<string, string[]>

export interface AreaCopiesOptions {
  /** Source folders (absolute, ending in '/') whose modules are the public pages. */
  publicDirs: string[]
  /**
   * Packages the public pages import as a copy of their own. Only libraries
   * without module-level state another copy would need to see (no React
   * context shared with the rest of the app, no global store): their copy
   * keeps only what the public pages call.
   */
  packages: string[]
}

const cleanId = (id: string) => id.replace(/[?#].*$/, '')

/**
 * Gives the public pages (landing, signup, sign-in) their own copy of the
 * listed libraries, so that what a dashboard calls in them cannot grow the
 * chunks those pages load (decision 033).
 *
 * A bundler keeps one instance of each module and drops only the code no
 * importer uses, so a library module shared by the public pages and the
 * dashboards carries whatever either calls: a dashboard's `useFieldArray`
 * grew the signup pages. Here an import of a listed package from a public
 * page resolves to the same file under another id (`…?area=public`), and the
 * copy's own relative imports keep that id, so the bundler sees two modules
 * and drops code from each by its own importers.
 */
export function areaCopies({ publicDirs, packages }: AreaCopiesOptions): Plugin {
  const inPackage = (id: string) =>
    packages.some((name) => cleanId(id).includes(`/node_modules/${name}/`))
  const isPublicPage = (id: string) => publicDirs.some((dir) => id.startsWith(dir))
  return {
    name: 'longhaul-area-copies',
    // The dev server and Vitest load each module once, as they always did.
    apply: 'build',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!importer) return null
      const fromCopy = importer.endsWith(PUBLIC_COPY)
      if (!fromCopy && !isPublicPage(importer)) return null
      const resolved = await this.resolve(source, cleanId(importer), { ...options, skipSelf: true })
      if (!resolved || resolved.external || !inPackage(resolved.id)) return null
      return { ...resolved, id: cleanId(resolved.id) + PUBLIC_COPY }
    },
    load(id) {
      return id.endsWith(PUBLIC_COPY) ? readFileSync(cleanId(id), 'utf8') : null
    },
    generateBundle(_, bundle) {
      const file: AreaCopiesFile = {}
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue
        const held = (chunk as OutputChunk).moduleIds.filter(inPackage).map((id) => id.replace(/^.*\/node_modules\//, ''))
        if (held.length) file[chunk.fileName] = held.sort()
      }
      this.emitFile({ type: 'asset', fileName: '.vite/area-copies.json', source: `${JSON.stringify(file, null, 1)}\n` })
    },
  }
}
