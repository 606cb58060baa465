import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, screen } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import texts from '@contracts/texts.json'
import { stubFetch } from '@/test/fleet-fixtures'
import { AppRoutes } from './app-routes'

afterEach(() => {
  vi.unstubAllGlobals()
})

/** The app shell's routes at `path`, through its catch-all (more-routes.tsx). */
function renderAt(path: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  return render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <AppRoutes />
      </MemoryRouter>
    </QueryClientProvider>,
  )
}

describe("the app shell's catch-all", () => {
  it('says a path nobody routes is not found', async () => {
    renderAt('/no-such-page')
    expect(await screen.findByRole('heading', { name: texts.notFound.title, level: 1 })).toBeInTheDocument()
  })

  it('routes the legal pages', async () => {
    renderAt('/terms-of-service')
    expect(await screen.findByRole('heading', { name: texts.footer.termsOfService, level: 1 })).toBeInTheDocument()
  })

  it("routes a saved search's unsubscribe link to the broker chunk's open page", async () => {
    stubFetch({
      'POST /api/saved-searches/unsubscribe/tok-9': { status: 200, body: { name: 'Chicago vans', unsubscribed: true } },
    })
    renderAt('/unsubscribe/tok-9')
    // The broker chunk is the largest the runner transforms on demand: more than findBy's default second on a busy machine.
    expect(
      await screen.findByRole('heading', { name: texts.board.saved.title, level: 1 }, { timeout: 10_000 }),
    ).toBeInTheDocument()
  })

  it('guards the broker portal: a visitor who is not signed in goes to sign in', async () => {
    stubFetch({ 'GET /api/auth/session': { status: 200, body: { user: null, csrf_token: 'c' } } })
    renderAt('/broker/board')
    expect(await screen.findByText(`Welcome to ${texts.brand.name}`, {}, { timeout: 5000 })).toBeInTheDocument()
  })
})
