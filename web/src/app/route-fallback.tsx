import { Spinner } from '@/components/ui/spinner'

/** Shown while a screen's code is being fetched. */
export function RouteFallback() {
  return (
    <div className="flex min-h-screen items-center justify-center">
      <Spinner label="Loading page" />
    </div>
  )
}
