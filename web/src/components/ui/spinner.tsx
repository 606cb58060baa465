import { cn } from '@/lib/cn'

export interface SpinnerProps {
  className?: string
  /** Screen-reader text; the spinner itself is decorative. */
  label?: string
}

export function Spinner({ className, label = 'Loading' }: SpinnerProps) {
  return (
    <span role="status" className="inline-flex items-center">
      <span
        aria-hidden
        className={cn(
          'h-8 w-8 animate-spin rounded-full border-4 border-primary/20 border-t-primary',
          className,
        )}
      />
      <span className="sr-only">{label}</span>
    </span>
  )
}
