import type { OutputBundle } from 'rolldown'
import type { ModulePreloadOptions, Plugin } from 'vite'

/**
 * Leaves out of a dynamic import's preload list the files its importer has
 * loaded already: the importing chunk itself, its static imports and their
 * CSS (the entry's among them). Preloading those again does nothing, yet every
 * chunk with a dynamic import carries their names (Vite's __vite__mapDeps),
 * and the pages under a byte budget pay for them (scripts/check-bundle.mjs).
 * The plugin reads the chunk graph before Vite writes the lists; pass its
 * `modulePreload` to the build config.
 */
export function importerPreloads(): { plugin: Plugin; modulePreload: ModulePreloadOptions } {
  let bundle: OutputBundle = {}
  const loadedWith = new Map<string, Set<string>>()
  /** `file` and everything that has loaded once it runs. */
  const loaded = (file: string): Set<string> => {
    let files = loadedWith.get(file)
    if (files) return files
    files = new Set([file])
    loadedWith.set(file, files)
    const chunk = bundle[file]
    if (chunk?.type === 'chunk') {
      chunk.viteMetadata?.importedCss.forEach((css) => files.add(css))
      for (const imported of chunk.imports) loaded(imported).forEach((dep) => files.add(dep))
    }
    return files
  }
  return {
    plugin: {
      name: 'longhaul-importer-preloads',
      apply: 'build',
      generateBundle: {
        order: 'pre',
        handler(_, output) {
          bundle = output
          loadedWith.clear()
        },
      },
    },
    modulePreload: {
      resolveDependencies: (_, deps, { hostId, hostType }) =>
        hostType === 'js' ? deps.filter((dep) => !loaded(hostId).has(dep)) : deps,
    },
  }
}
