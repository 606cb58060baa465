import { useEffect, useRef, useState, type HTMLAttributes, type TdHTMLAttributes, type ThHTMLAttributes } from 'react'
import { cn } from '@/lib/cn'

/** Which edges of a horizontally scrolling box have columns beyond them. */
function useOverflowEdges() {
  const ref = useRef<HTMLDivElement>(null)
  const [edges, setEdges] = useState({ start: false, end: false })
  useEffect(() => {
    const box = ref.current
    if (!box) return
    const measure = () => {
      const start = box.scrollLeft > 1
      const end = box.scrollLeft + box.clientWidth < box.scrollWidth - 1
      setEdges((old) => (old.start === start && old.end === end ? old : { start, end }))
    }
    measure()
    box.addEventListener('scroll', measure, { passive: true })
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure)
    observer?.observe(box)
    if (box.firstElementChild) observer?.observe(box.firstElementChild)
    return () => {
      box.removeEventListener('scroll', measure)
      observer?.disconnect()
    }
  }, [])
  return { ref, edges }
}

/**
 * A table in its own horizontal scroll box. The box is the containing block
 * of everything inside (`relative`), so nothing positioned in a cell (an
 * `sr-only` label) can widen the page; when columns lie beyond an edge, a
 * shadow on that edge and a visible scrollbar say so.
 */
export function Table({ className, ...props }: HTMLAttributes<HTMLTableElement>) {
  const { ref, edges } = useOverflowEdges()
  const shadow = 'pointer-events-none absolute inset-y-0 w-6 transition-opacity duration-200'
  return (
    <div className="relative w-full">
      <div
        ref={ref}
        data-testid="table-scroll"
        data-overflow-start={edges.start}
        data-overflow-end={edges.end}
        className="table-scroll relative w-full overflow-x-auto"
      >
        <table className={cn('w-full caption-bottom text-sm', className)} {...props} />
      </div>
      <div
        aria-hidden
        data-edge="start"
        className={cn(shadow, 'left-0 bg-linear-to-r from-ink/15 to-transparent', edges.start ? 'opacity-100' : 'opacity-0')}
      />
      <div
        aria-hidden
        data-edge="end"
        className={cn(shadow, 'right-0 bg-linear-to-l from-ink/15 to-transparent', edges.end ? 'opacity-100' : 'opacity-0')}
      />
    </div>
  )
}

export function TableHeader(props: HTMLAttributes<HTMLTableSectionElement>) {
  return <thead className="border-b border-border" {...props} />
}

export function TableBody(props: HTMLAttributes<HTMLTableSectionElement>) {
  return <tbody className="[&_tr:last-child]:border-0" {...props} />
}

export function TableRow({ className, ...props }: HTMLAttributes<HTMLTableRowElement>) {
  return <tr className={cn('border-b border-border hover:bg-muted/60', className)} {...props} />
}

export function TableHead({ className, ...props }: ThHTMLAttributes<HTMLTableCellElement>) {
  return (
    <th
      className={cn('h-10 px-3 text-left align-middle font-medium text-muted-foreground', className)}
      {...props}
    />
  )
}

export function TableCell({ className, ...props }: TdHTMLAttributes<HTMLTableCellElement>) {
  return <td className={cn('p-3 align-middle', className)} {...props} />
}
