import { render, screen } from '@testing-library/react'
import { Suspense } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { lazyScreen } from './lazy-screen'

const Content = ({ name }: { name: string }) => <p>Hello {name}</p>

function show(Screen: React.ComponentType<{ name: string }>) {
  render(
    <Suspense fallback={<p>Loading</p>}>
      <Screen name="Dana" />
    </Suspense>,
  )
}

describe('lazyScreen', () => {
  it('renders at once, with no fallback, once preload() has resolved', async () => {
    const Screen = lazyScreen(() => Promise.resolve({ default: Content }))
    await Screen.preload()
    show(Screen)
    expect(screen.getByText('Hello Dana')).toBeInTheDocument()
    expect(screen.queryByText('Loading')).not.toBeInTheDocument()
  })

  it('suspends like React.lazy when it was not preloaded, and loads the module once', async () => {
    const load = vi.fn(() => Promise.resolve({ default: Content }))
    const Screen = lazyScreen(load)
    show(Screen)
    expect(screen.getByText('Loading')).toBeInTheDocument()
    expect(await screen.findByText('Hello Dana')).toBeInTheDocument()
    await Screen.preload()
    expect(load).toHaveBeenCalledTimes(1)
  })

  it('asks for a chunk that failed to load again on the next preload', async () => {
    const load = vi
      .fn<() => Promise<{ default: typeof Content }>>()
      .mockRejectedValueOnce(new Error('chunk failed'))
      .mockResolvedValueOnce({ default: Content })
    const Screen = lazyScreen(load)
    await expect(Screen.preload()).rejects.toThrow('chunk failed')
    await Screen.preload()
    show(Screen)
    expect(screen.getByText('Hello Dana')).toBeInTheDocument()
  })
})
