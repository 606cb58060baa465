import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'

export interface LoadErrorProps {
  title: string
  /** The server's message; not repeated when it is the title. */
  message?: string
  retryLabel: string
  onRetry: () => void
}

/** A failed load, inline, with a retry. */
export function LoadError({ title, message, retryLabel, onRetry }: LoadErrorProps) {
  return (
    <Alert className="flex flex-wrap items-center justify-between gap-3">
      <span>
        <span className="font-medium">{title}</span>
        {message && message !== title && <span className="block">{message}</span>}
      </span>
      <Button variant="outline" size="sm" onClick={onRetry}>
        {retryLabel}
      </Button>
    </Alert>
  )
}
