import type { HTMLAttributes } from 'react'
import { cn } from '@/lib/cn'

const variants = {
  destructive: 'border-destructive/40 bg-red-50 text-red-800',
  success: 'border-green-300 bg-green-50 text-green-800',
  warning: 'border-amber-300 bg-amber-50 text-amber-900',
  info: 'border-primary/30 bg-primary/5 text-ink',
} as const

export interface AlertProps extends HTMLAttributes<HTMLDivElement> {
  variant?: keyof typeof variants
}

/** An inline banner; destructive banners are announced as alerts. */
export function Alert({ variant = 'destructive', className, ...props }: AlertProps) {
  return (
    <div
      role={variant === 'destructive' ? 'alert' : 'status'}
      className={cn('rounded-md border px-4 py-3 text-sm', variants[variant], className)}
      {...props}
    />
  )
}
