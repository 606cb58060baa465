import type { ReactNode } from 'react'
import { Badge } from '@/components/ui/badge'
import { Label } from '@/components/ui/label'
import { cn } from '@/lib/cn'
import { texts } from '@/lib/texts'

export interface FieldProps {
  id: string
  label: string
  error?: string
  /** The value came from the rate con: a badge says so, for review. */
  fromRateCon?: boolean
  hint?: ReactNode
  className?: string
  children: ReactNode
}

/** A labelled control with its "from the rate con" badge and its error. */
export function Field({ id, label, error, fromRateCon, hint, className, children }: FieldProps) {
  return (
    <div className={cn('min-w-0 space-y-2', className)}>
      <div className="flex flex-wrap items-center gap-2">
        <Label htmlFor={id}>{label}</Label>
        {fromRateCon && <RateConBadge />}
      </div>
      {children}
      {hint && <p className="text-xs text-muted-foreground">{hint}</p>}
      {error && (
        <p id={`${id}-error`} className="text-sm text-destructive">
          {error}
        </p>
      )}
    </div>
  )
}

export function RateConBadge() {
  return (
    <Badge variant="info" className="px-2 py-0 text-[11px] font-medium">
      {texts.loads.screens.form.fromRateCon}
    </Badge>
  )
}
