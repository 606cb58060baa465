import { cn } from '@/lib/cn'

const variants = {
  primary: 'bg-primary text-primary-foreground hover:bg-primary-hover',
  secondary: 'bg-secondary text-secondary-foreground hover:bg-secondary-hover',
  outline: 'border border-border bg-white text-ink hover:bg-muted',
  ghost: 'text-ink hover:bg-muted',
  destructive: 'bg-destructive text-destructive-foreground hover:bg-red-700',
  link: 'text-primary underline-offset-4 hover:underline px-0 h-auto',
} as const

const sizes = {
  sm: 'h-8 px-3 text-sm',
  md: 'h-10 px-4 text-sm',
  lg: 'h-12 px-6 text-base',
  icon: 'h-10 w-10',
} as const

export function buttonClass(
  variant: ButtonVariant = 'primary',
  size: ButtonSize = 'md',
  className?: string,
): string {
  return cn(
    'inline-flex items-center justify-center gap-2 rounded-md font-medium whitespace-nowrap transition-colors',
    'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary',
    'disabled:pointer-events-none disabled:opacity-50',
    variants[variant],
    variant === 'link' ? 'h-auto px-0' : sizes[size],
    className,
  )
}

export type ButtonVariant = keyof typeof variants
export type ButtonSize = keyof typeof sizes
