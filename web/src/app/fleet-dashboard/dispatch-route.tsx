import { Suspense } from 'react'
import { Spinner } from '@/components/ui/spinner'
import { texts } from '@/lib/texts'
import { DispatchPage } from './screen-chunks'

// The dispatch board is a chunk of its own, as the documents and postings
// screens are: its timeline, dialog and time-zone arithmetic stay out of the
// fleet dashboard's chunk.

/** /fleet-dashboard/dispatch. */
export function DispatchRoute() {
  return (
    <Suspense
      fallback={
        <div className="flex justify-center py-10">
          <Spinner label={texts.loads.dispatch.loading} />
        </div>
      }
    >
      <DispatchPage />
    </Suspense>
  )
}
