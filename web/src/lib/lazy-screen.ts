import { createElement, lazy, type ComponentType } from 'react'

/** A lazily loaded screen that can be loaded ahead of its first render. */
export type LazyScreen<P extends object> = ComponentType<P> & {
  /** Loads the screen's module (once); a render after it has resolved does not suspend. */
  preload: () => Promise<unknown>
}

/**
 * React.lazy, except that once `preload()` has resolved the screen renders
 * at once instead of suspending. Suspending costs more than the load itself:
 * React 19 holds back a suspended boundary's content until 300 ms after it
 * last showed a fallback, so each lazy screen on the way to a page opened cold
 * (the app shell, the fleet dashboard, the documents screen) added up to
 * 300 ms of an idle main thread (decision 030).
 */
export function lazyScreen<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): LazyScreen<P> {
  let loaded: ComponentType<P> | undefined
  let loading: Promise<{ default: ComponentType<P> }> | undefined
  const preload = () =>
    (loading ??= load().then(
      (module) => {
        loaded = module.default
        return module
      },
      (error: unknown) => {
        // A chunk that failed to load (a deploy, a dropped connection) is asked for again next time.
        loading = undefined
        throw error
      },
    ))
  const Suspending = lazy(preload)
  const Screen = (props: P) => createElement(loaded ?? Suspending, props)
  return Object.assign(Screen, { preload })
}
