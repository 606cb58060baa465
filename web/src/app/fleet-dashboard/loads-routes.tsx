import { Suspense, type ReactNode } from 'react'
import { Spinner } from '@/components/ui/spinner'
import { texts } from '@/lib/texts'
import { EditLoadPage, FleetTendersPanel, LoadDocuments, LoadPage, LoadsPage, NewLoadPage } from './screen-chunks'

// The loads screens are chunks of their own, as the documents screens are
// (documents-routes.tsx). The load's page leaves a slot for its documents:
// the documents feature's list of a load's documents is composed here.

function Loading({ children }: { children: ReactNode }) {
  return (
    <Suspense
      fallback={
        <div className="flex justify-center py-10">
          <Spinner label={texts.loads.screens.loading} />
        </div>
      }
    >
      {children}
    </Suspense>
  )
}

/** /fleet-dashboard/loads, with the tenders of issue 33 on its Tenders tab (`?tab=tenders`). */
export function LoadsRoute() {
  return (
    <Loading>
      <LoadsPage
        tendersSlot={
          <Loading>
            <FleetTendersPanel />
          </Loading>
        }
      />
    </Loading>
  )
}

/** /fleet-dashboard/loads/new. */
export function NewLoadRoute() {
  return (
    <Loading>
      <NewLoadPage />
    </Loading>
  )
}

/** /fleet-dashboard/loads/:loadId/edit. */
export function EditLoadRoute() {
  return (
    <Loading>
      <EditLoadPage />
    </Loading>
  )
}

/** /fleet-dashboard/loads/:loadId. */
export function LoadRoute() {
  return (
    <Loading>
      <LoadPage
        documentsSlot={(load) => (
          <Loading>
            <LoadDocuments loadId={load.id} loadName={`${texts.loads.sheet.pro} ${load.pro_number}`} />
          </Loading>
        )}
      />
    </Loading>
  )
}
