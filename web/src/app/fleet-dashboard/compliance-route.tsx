import { Suspense } from 'react'
import { Spinner } from '@/components/ui/spinner'
import { texts } from '@/lib/texts'
import { CompliancePage } from './screen-chunks'

// The compliance calendar is a chunk of its own, as the documents screens are
// (documents-routes.tsx): its dialogs, popovers and the month grid stay out of
// the fleet dashboard's chunk until the screen is opened.

/** /fleet-dashboard/compliance. */
export function ComplianceRoute() {
  return (
    <Suspense
      fallback={
        <div className="flex justify-center py-10">
          <Spinner label={texts.compliance.list.loading} />
        </div>
      }
    >
      <CompliancePage />
    </Suspense>
  )
}
