import { readFileSync } from 'node:fs'
import type { Plugin } from 'vite'

const VIRTUAL = '\0longhaul-texts'
const SECTION = '\0longhaul-texts/'

/**
 * Serves contracts/texts.json to the SPA as one module per top-level section,
 * so each page's chunks carry only the sections it uses: the landing page
 * must not download the admin or signup texts. `src/lib/texts.ts` keeps its
 * typed `import * as` of the JSON; only the bundler sees the split.
 */
export function textsSections(textsFile: string): Plugin {
  const read = () => JSON.parse(readFileSync(textsFile, 'utf8')) as Record<string, unknown>
  return {
    name: 'longhaul-texts-sections',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (source.startsWith(SECTION) || source === VIRTUAL) return source
      if (!source.endsWith('texts.json') || !importer?.endsWith('/src/lib/texts.ts')) return null
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true })
      return resolved?.id === textsFile ? VIRTUAL : null
    },
    load(id) {
      if (id === VIRTUAL) {
        this.addWatchFile(textsFile)
        return Object.keys(read())
          .map((key) => `export { default as ${key} } from ${JSON.stringify(SECTION + key)}`)
          .join('\n')
      }
      if (id.startsWith(SECTION)) {
        this.addWatchFile(textsFile)
        return `export default ${JSON.stringify(read()[id.slice(SECTION.length)])}`
      }
      return null
    },
  }
}
