import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render } from '@testing-library/react'
import type { ReactElement } from 'react'
import { MemoryRouter, Route, Routes } from 'react-router'
import { Toaster } from '@/components/ui/toaster'

/** Renders a screen at `path` with a fresh query cache, a router and the toaster. */
export function renderAt(path: string, routePath: string, element: ReactElement) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  return render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path={routePath} element={element} />
          <Route path="*" element={<p>elsewhere</p>} />
        </Routes>
        <Toaster />
      </MemoryRouter>
    </QueryClientProvider>,
  )
}

/** A fetch stand-in answering by "METHOD path". */
export function fakeFetch(routes: Record<string, { status: number; body?: unknown }>) {
  return async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input.toString()
    const key = `${init?.method ?? 'GET'} ${new URL(url, 'http://localhost').pathname}`
    const answer = routes[key]
    if (!answer) return new Response(null, { status: 404 })
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status: answer.status,
    })
  }
}
