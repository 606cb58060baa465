import type { Ref, SelectHTMLAttributes } from 'react'
import { cn } from '@/lib/cn'

export interface NativeSelectProps extends SelectHTMLAttributes<HTMLSelectElement> {
  ref?: Ref<HTMLSelectElement>
}

/** A native <select> with the Input component's look (a block of the full width, like Input): keyboard and phone pickers for free. */
export function NativeSelect({ className, ...props }: NativeSelectProps) {
  return (
    <select
      className={cn(
        'block h-10 w-full rounded-md border border-border bg-white px-3 text-sm text-ink',
        'focus-visible:border-primary focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-primary',
        'disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-destructive',
        className,
      )}
      {...props}
    />
  )
}
