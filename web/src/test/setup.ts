import '@testing-library/jest-dom/vitest'
import { cleanup } from '@testing-library/react'
import { afterAll, afterEach, beforeAll, vi } from 'vitest'

afterEach(() => {
  cleanup()
})

// Test files share a worker's jsdom (vite.config.ts: isolate: false), so each
// starts from the blank page an isolated file would get, and leaves no stub,
// fake clock or stored value to the next.
beforeAll(() => {
  localStorage.clear()
  sessionStorage.clear()
  window.history.replaceState(null, '', '/')
})

afterAll(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
  localStorage.clear()
  sessionStorage.clear()
})
