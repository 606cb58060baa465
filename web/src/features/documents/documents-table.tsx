import { User } from 'lucide-react'
import { useState } from 'react'
import { DataTable, type DataColumn } from '@/components/data-list/data-table'
import { DocumentStatusBadge } from '@/components/document-status-badge'
import { format, texts } from '@/lib/texts'
import { downloadUrl } from './api/documents-api'
import type { DocumentItem } from './api/types'
import { DeleteDocumentDialog } from './delete-document-dialog'
import { tableDate } from './document-dates'
import { documentTypeLabel } from './document-types'

const d = texts.documents
const c = texts.documents.columns

/**
 * Every column on a wide screen; a phone's card shows the name, status, type,
 * vehicle and expiration. A driver's document names its driver under its
 * name: the Vehicle column holds vehicles only.
 */
const columns: DataColumn<DocumentItem>[] = [
  {
    id: 'name',
    header: c.name,
    card: 'title',
    className: 'max-w-60 min-w-40',
    cell: (document) => (
      <>
        <span className="block font-medium break-words text-ink">{document.name}</span>
        {document.file_name !== document.name && (
          <span className="block truncate text-xs font-normal text-muted-foreground" title={document.file_name}>
            {document.file_name}
          </span>
        )}
        {!document.vehicle && document.driver && (
          <span className="flex items-center gap-1 text-xs font-normal text-muted-foreground">
            <User className="h-3.5 w-3.5 shrink-0" aria-hidden />
            <span className="min-w-0 break-words">{format(d.driverNamed, { name: document.driver.name })}</span>
          </span>
        )}
      </>
    ),
  },
  { id: 'type', header: c.type, className: 'min-w-24', cell: (document) => documentTypeLabel(document.document_type) },
  { id: 'vehicle', header: c.vehicle, cell: (document) => <VehicleCell document={document} /> },
  {
    id: 'uploaded',
    header: c.uploaded,
    card: 'hidden',
    className: 'whitespace-nowrap',
    cell: (document) => tableDate(document.created_at),
  },
  {
    id: 'expiration',
    header: c.expiration,
    className: 'whitespace-nowrap',
    cell: (document) => tableDate(document.expiration_date),
  },
  { id: 'status', header: c.status, card: 'status', cell: (document) => <DocumentStatusBadge status={document.status} /> },
]

/** The documents table (spec §2): name, type, vehicle, dates, status; Download and Delete in each row's menu. */
export function DocumentsTable({ documents }: { documents: DocumentItem[] }) {
  const [deleting, setDeleting] = useState<DocumentItem | null>(null)
  return (
    <>
      <DataTable
        items={documents}
        columns={columns}
        actionsLabel={c.actions}
        className="min-w-[760px] [&_td]:px-2 [&_th]:px-2"
        rows={{
          key: (document) => document.id,
          menu: (document) => [
            { label: d.download, href: downloadUrl(document.id), download: document.file_name, primary: true },
            { label: d.delete, destructive: true, onSelect: () => setDeleting(document) },
          ],
        }}
      />
      <DeleteDocumentDialog document={deleting} onClose={() => setDeleting(null)} />
    </>
  )
}

function VehicleCell({ document }: { document: DocumentItem }) {
  const { vehicle } = document
  if (vehicle) {
    const name = vehicle.name || vehicle.identifier || (vehicle.kind === 'truck' ? d.vehicleTypes.truck : d.vehicleTypes.trailer)
    return (
      <div className="min-w-24">
        <span className="block">{name}</span>
        {vehicle.identifier && vehicle.identifier !== name && (
          <span className="block text-xs text-muted-foreground">{vehicle.identifier}</span>
        )}
      </div>
    )
  }
  return <span className="text-muted-foreground">—</span>
}
