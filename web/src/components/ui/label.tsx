import type { ComponentProps } from 'react'
import { cn } from '@/lib/cn'

/**
 * A native <label>: Radix's Label adds only double-click selection
 * handling, which is not worth its bytes on the budgeted signup pages.
 */
export function Label({ className, ...props }: ComponentProps<'label'>) {
  return <label className={cn('text-sm leading-none font-medium text-ink', className)} {...props} />
}
