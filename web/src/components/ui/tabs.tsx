import * as TabsPrimitive from '@radix-ui/react-tabs'
import { useEffect, useRef, type ComponentProps, type Ref } from 'react'
import { cn } from '@/lib/cn'

export const Tabs = TabsPrimitive.Root

export function TabsList({ className, ...props }: ComponentProps<typeof TabsPrimitive.List>) {
  return (
    <TabsPrimitive.List
      className={cn(
        // One row: on a phone it scrolls sideways rather than wrapping onto a second row.
        'inline-flex max-w-full flex-nowrap items-center gap-1 overflow-x-auto rounded-lg bg-muted p-1 text-muted-foreground',
        '[scrollbar-width:thin] [-webkit-overflow-scrolling:touch]',
        className,
      )}
      {...props}
    />
  )
}

/**
 * Scrolls a tab row sideways just enough to show `tab` whole (with the row's
 * padding to spare), once the browser has laid the row out: an
 * IntersectionObserver hands over both boxes, where reading them at once
 * forced a layout of the half-built page (~90 ms on a throttled phone).
 */
function revealInRow(tab: HTMLElement): IntersectionObserver | undefined {
  const row = tab.parentElement
  // jsdom (the unit tests) has neither layout nor the observer.
  if (!row || typeof IntersectionObserver === 'undefined') return undefined
  const observer = new IntersectionObserver(
    ([entry]) => {
      observer.disconnect()
      const rowBox = entry?.rootBounds
      if (!entry || !rowBox || entry.intersectionRatio >= 1) return
      const box = entry.boundingClientRect
      const margin = 4
      if (box.left < rowBox.left + margin) row.scrollLeft -= rowBox.left + margin - box.left
      else if (box.right > rowBox.right - margin) row.scrollLeft += box.right - (rowBox.right - margin)
    },
    { root: row, threshold: 1 },
  )
  observer.observe(tab)
  return observer
}

function setRef<T>(ref: Ref<T> | undefined, value: T | null) {
  if (typeof ref === 'function') ref(value)
  else if (ref) ref.current = value
}

export function TabsTrigger({ className, ref, ...props }: ComponentProps<typeof TabsPrimitive.Trigger>) {
  const self = useRef<HTMLButtonElement | null>(null)
  const wasActive = useRef(false)
  const reveal = useRef<IntersectionObserver | undefined>(undefined)
  // The tab that becomes active (on load, from the URL, by a click) is scrolled into the row's view.
  useEffect(() => {
    const tab = self.current
    const active = tab?.dataset.state === 'active'
    if (tab && active && !wasActive.current) {
      reveal.current?.disconnect()
      reveal.current = revealInRow(tab)
    }
    wasActive.current = active
  })
  useEffect(() => () => reveal.current?.disconnect(), [])
  return (
    <TabsPrimitive.Trigger
      ref={(node) => {
        self.current = node
        setRef(ref, node)
      }}
      className={cn(
        'inline-flex shrink-0 items-center justify-center rounded-md px-3 py-1.5 text-sm font-medium whitespace-nowrap transition-colors',
        'hover:text-ink focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-primary',
        'data-[state=active]:bg-white data-[state=active]:text-ink data-[state=active]:shadow-sm',
        className,
      )}
      {...props}
    />
  )
}

export function TabsContent({ className, ...props }: ComponentProps<typeof TabsPrimitive.Content>) {
  return (
    <TabsPrimitive.Content
      className={cn(
        'mt-4 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary',
        className,
      )}
      {...props}
    />
  )
}
