import { lazy, Suspense, type ReactNode } from 'react'
import { Spinner } from '@/components/ui/spinner'
import type { DocumentAsset } from '@/features/documents/document-asset'
import { texts } from '@/lib/texts'
import { DocumentsPage } from './screen-chunks'

// The documents capability is a chunk of its own (the date-range picker and
// the dialog and checkbox it uses stay out of the fleet dashboard's chunk;
// the popover is in it since the notification bell). A detail screen's Documents tab fetches it when the tab
// is first opened (Radix mounts a tab's content only while it is selected).
const AssetDocuments = lazy(() => import('@/features/documents/asset-documents'))

function Loading({ children }: { children: ReactNode }) {
  return (
    <Suspense
      fallback={
        <div className="flex justify-center py-10">
          <Spinner label={texts.fleet.assets.loading} />
        </div>
      }
    >
      {children}
    </Suspense>
  )
}

/** /fleet-dashboard/documents. */
export function DocumentsRoute() {
  return (
    <Loading>
      <DocumentsPage />
    </Loading>
  )
}

/** The Documents tab of a truck, trailer or driver detail screen. */
export function AssetDocumentsTab({ kind, asset }: { kind: DocumentAsset['kind']; asset: { id: string; name: string } }) {
  return (
    <Loading>
      <AssetDocuments asset={{ kind, ...asset }} />
    </Loading>
  )
}
