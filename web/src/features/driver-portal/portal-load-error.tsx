import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'
import { texts } from '@/lib/texts'
import { errorMessage } from './portal-errors'

/** A failed load, with a retry. */
export function PortalLoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <Alert className="flex flex-wrap items-center justify-between gap-3">
      <span>{errorMessage(error)}</span>
      <Button variant="outline" size="lg" onClick={onRetry}>
        {texts.billing.retry}
      </Button>
    </Alert>
  )
}

export function PortalLoading() {
  return (
    <div className="flex justify-center py-16">
      <Spinner />
    </div>
  )
}
