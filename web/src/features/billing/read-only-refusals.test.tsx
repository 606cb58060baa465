import { QueryClient, QueryClientProvider, useMutation } from '@tanstack/react-query'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { toast } from 'sonner'
import { Toaster } from '@/components/ui/toaster'
import { afterEach, describe, expect, it, vi } from 'vitest'
import texts from '@contracts/texts.json'
import { api } from '@/lib/api-client'
import { fakeFetch } from '@/test/render'
import { useReadOnlyRefusals } from './read-only-refusals'

function SaveButton() {
  useReadOnlyRefusals()
  const save = useMutation({ mutationFn: () => api.post('/api/fleet/trucks', { name: 'Unit 1' }) })
  return <button onClick={() => save.mutate()}>save</button>
}

afterEach(() => {
  toast.dismiss()
  vi.unstubAllGlobals()
})

describe('read-only refusals', () => {
  it("shows the server's read-only refusal of any write as an error toast", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        fakeFetch({
          'POST /api/fleet/trucks': {
            status: 403,
            body: { error: { code: 'read_only', message: texts.billing.readOnlyRefused } },
          },
        }),
      ),
    )
    const client = new QueryClient()
    const invalidate = vi.spyOn(client, 'invalidateQueries')
    const user = userEvent.setup()
    render(
      <QueryClientProvider client={client}>
        <SaveButton />
        <Toaster />
      </QueryClientProvider>,
    )
    await user.click(screen.getByRole('button', { name: 'save' }))
    expect(await screen.findByText(texts.billing.readOnlyRefused)).toBeInTheDocument()
    // The shell's banner learns the fleet is read-only.
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['fleet', 'billing-state'] })
  })

  it('leaves other refusals to the screen that made the request', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(fakeFetch({ 'POST /api/fleet/trucks': { status: 403, body: { error: { code: 'forbidden', message: 'Nope' } } } })),
    )
    const user = userEvent.setup()
    render(
      <QueryClientProvider client={new QueryClient()}>
        <SaveButton />
        <Toaster />
      </QueryClientProvider>,
    )
    await user.click(screen.getByRole('button', { name: 'save' }))
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(screen.queryByText('Nope')).not.toBeInTheDocument()
  })
})
