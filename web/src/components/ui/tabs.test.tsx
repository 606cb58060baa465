import { render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { Tabs, TabsList, TabsTrigger } from './tabs'

function Bar({ value }: { value: string }) {
  return (
    <Tabs value={value}>
      <TabsList>
        {['Overview', 'Fleet Signups', 'Users', 'Accounts', 'Audit', 'Settings'].map((name) => (
          <TabsTrigger key={name} value={name}>
            {name}
          </TabsTrigger>
        ))}
      </TabsList>
    </Tabs>
  )
}

describe('TabsList', () => {
  it('keeps its tabs on one row that scrolls sideways, never wrapping onto a second', () => {
    render(<Bar value="Overview" />)
    const list = screen.getByRole('tablist')
    expect(list).toHaveClass('flex-nowrap', 'overflow-x-auto')
    expect(list).not.toHaveClass('flex-wrap')
    for (const tab of screen.getAllByRole('tab')) expect(tab).toHaveClass('shrink-0', 'whitespace-nowrap')
  })

  afterEach(() => vi.unstubAllGlobals())

  it('scrolls the active tab into view when the row is wider than the screen', () => {
    // jsdom has no IntersectionObserver: this one reports at once what a browser reports after layout.
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(private readonly report: IntersectionObserverCallback) {}
        observe(tab: HTMLElement) {
          const boundingClientRect = tab.getBoundingClientRect()
          const rootBounds = tab.parentElement!.getBoundingClientRect()
          const whole = boundingClientRect.left >= rootBounds.left && boundingClientRect.right <= rootBounds.right
          const entry = { boundingClientRect, rootBounds, intersectionRatio: whole ? 1 : 0.5 }
          this.report([entry as IntersectionObserverEntry], this as unknown as IntersectionObserver)
        }
        disconnect() {}
      },
    )
    const { rerender } = render(<Bar value="Overview" />)
    const list = screen.getByRole('tablist')
    // jsdom has no layout: a 300 px row of 100 px tabs, 600 px in all.
    Object.defineProperty(list, 'clientWidth', { value: 300 })
    Object.defineProperty(list, 'scrollWidth', { value: 600 })
    list.getBoundingClientRect = () => DOMRect.fromRect({ x: 0, width: 300, height: 40 })
    screen.getAllByRole('tab').forEach((tab, index) => {
      tab.getBoundingClientRect = () => DOMRect.fromRect({ x: index * 100 - list.scrollLeft, width: 100, height: 32 })
    })
    rerender(<Bar value="Settings" />)
    // 'Settings' spans 500–600: scrolled so that it ends at the row's right edge (less the padding).
    expect(list.scrollLeft).toBeGreaterThanOrEqual(300)
  })
})
