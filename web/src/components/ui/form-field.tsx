import type { ReactNode } from 'react'
import { cn } from '@/lib/cn'
import { Input, type InputProps } from './input'
import { Label } from './label'

export interface FormFieldProps extends InputProps {
  id: string
  label: string
  hint?: ReactNode
  /** A validation message shown under the input and tied to it for screen readers. */
  error?: string
}

/** A labelled input; the <label> is tied to the input so it is found by its text. */
export function FormField({ id, label, hint, error, className, ...inputProps }: FormFieldProps) {
  const errorId = `${id}-error`
  return (
    <div className={cn('space-y-2', className)}>
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        {...inputProps}
        {...(error ? { 'aria-invalid': true, 'aria-describedby': errorId } : {})}
      />
      {hint && <p className="text-xs text-muted-foreground">{hint}</p>}
      {error && (
        <p id={errorId} className="text-sm text-destructive">
          {error}
        </p>
      )}
    </div>
  )
}
