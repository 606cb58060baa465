import { act, render, screen, waitFor } from '@testing-library/react'
import { toast } from 'sonner'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { Toaster } from './toaster'

function phoneWide(phone: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query.includes('max-width') ? phone : !phone,
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }))
}

afterEach(() => {
  act(() => {
    toast.dismiss()
  })
  vi.unstubAllGlobals()
})

describe('Toaster', () => {
  it('puts a toast at the top on a phone before the rest of its look has loaded', async () => {
    phoneWide(true)
    // A watcher that never reports: only the first render's position is left.
    vi.resetModules()
    vi.doMock('./toaster-watch', () => ({ watchToaster: () => () => {} }))
    const { Toaster: Unwatched } = await import('./toaster')
    const { toast: unwatchedToast } = await import('sonner')
    render(<Unwatched />)
    act(() => {
      unwatchedToast.error('Wrong password')
    })
    await screen.findByText('Wrong password')
    expect(document.querySelector('[data-sonner-toaster]')).toHaveAttribute('data-y-position', 'top')
    act(() => {
      unwatchedToast.dismiss()
    })
    vi.doUnmock('./toaster-watch')
    vi.resetModules()
  })

  it('shows toasts at the top on a phone, clear of the full-width buttons at the bottom', async () => {
    phoneWide(true)
    render(<Toaster />)
    act(() => {
      toast.success('Saved')
    })
    await screen.findByText('Saved')
    // The look arrives with toaster-watch.ts, which the toaster loads on its own.
    await waitFor(() => expect(document.querySelector('[data-sonner-toaster]')).toHaveAttribute('data-y-position', 'top'))
  })

  it('keeps them at the bottom right on a wider screen', async () => {
    phoneWide(false)
    render(<Toaster />)
    act(() => {
      toast.success('Saved')
    })
    await screen.findByText('Saved')
    await waitFor(() => {
      const toaster = document.querySelector('[data-sonner-toaster]')
      expect(toaster).toHaveAttribute('data-y-position', 'bottom')
      expect(toaster).toHaveAttribute('data-x-position', 'right')
    })
  })

  it('dismisses earlier error toasts when a success toast shows', async () => {
    phoneWide(false)
    render(<Toaster />)
    act(() => {
      toast.error('Failed to save')
      toast.info('Heads up')
    })
    await screen.findByText('Failed to save')
    act(() => {
      toast.success('Saved')
    })
    await screen.findByText('Saved')
    await waitFor(() => expect(screen.queryByText('Failed to save')).not.toBeInTheDocument())
    expect(screen.getByText('Heads up')).toBeInTheDocument()
  })
})
