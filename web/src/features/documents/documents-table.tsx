import { Download, Trash2, User } from 'lucide-react'
import { useState } from 'react'
import { buttonClass } from '@/components/ui/button-variants'
import { Button } from '@/components/ui/button'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table'
import { texts } from '@/lib/texts'
import { downloadUrl } from './api/documents-api'
import type { DocumentItem } from './api/types'
import { DeleteDocumentDialog } from './delete-document-dialog'
import { tableDate } from './document-dates'
import { documentTypeLabel } from './document-types'
import { DocumentStatusBadge } from './status-badge'

const d = texts.documents
const c = texts.documents.columns

/** The documents table (spec §2): name, type, vehicle, dates, status, Download and Delete. */
export function DocumentsTable({ documents }: { documents: DocumentItem[] }) {
  const [deleting, setDeleting] = useState<DocumentItem | null>(null)
  return (
    <>
      <Table className="min-w-[860px]">
        <TableHeader>
          <TableRow>
            <TableHead>{c.name}</TableHead>
            <TableHead>{c.type}</TableHead>
            <TableHead>{c.vehicle}</TableHead>
            <TableHead>{c.uploaded}</TableHead>
            <TableHead>{c.expiration}</TableHead>
            <TableHead>{c.status}</TableHead>
            <TableHead className="text-right">{c.actions}</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {documents.map((document) => (
            <TableRow key={document.id}>
              <TableCell className="max-w-64">
                <span className="block font-medium break-words text-ink">{document.name}</span>
                {document.file_name !== document.name && (
                  <span className="block truncate text-xs text-muted-foreground" title={document.file_name}>
                    {document.file_name}
                  </span>
                )}
              </TableCell>
              <TableCell className="whitespace-nowrap">{documentTypeLabel(document.document_type)}</TableCell>
              <TableCell>
                <VehicleCell document={document} />
              </TableCell>
              <TableCell className="whitespace-nowrap">{tableDate(document.created_at)}</TableCell>
              <TableCell className="whitespace-nowrap">{tableDate(document.expiration_date)}</TableCell>
              <TableCell>
                <DocumentStatusBadge status={document.status} />
              </TableCell>
              <TableCell className="text-right whitespace-nowrap">
                <div className="inline-flex gap-2">
                  <a
                    href={downloadUrl(document.id)}
                    download={document.file_name}
                    className={buttonClass('outline', 'sm')}
                    aria-label={`${d.download} ${document.name}`}
                  >
                    <Download className="h-4 w-4" aria-hidden />
                    <span>{d.download}</span>
                  </a>
                  <Button
                    variant="outline"
                    size="sm"
                    className="text-destructive hover:bg-red-50"
                    aria-label={`${d.delete} ${document.name}`}
                    onClick={() => setDeleting(document)}
                  >
                    <Trash2 className="h-4 w-4" aria-hidden />
                    <span>{d.delete}</span>
                  </Button>
                </div>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <DeleteDocumentDialog document={deleting} onClose={() => setDeleting(null)} />
    </>
  )
}

function VehicleCell({ document }: { document: DocumentItem }) {
  const { vehicle, driver } = document
  if (vehicle) {
    const name = vehicle.name || vehicle.identifier || (vehicle.kind === 'truck' ? d.vehicleTypes.truck : d.vehicleTypes.trailer)
    return (
      <span className="block whitespace-nowrap">
        {name}
        {vehicle.identifier && vehicle.identifier !== name && (
          <span className="block text-xs text-muted-foreground">{vehicle.identifier}</span>
        )}
      </span>
    )
  }
  if (driver) {
    return (
      <span className="inline-flex items-center gap-1 whitespace-nowrap" title={d.driver}>
        <User className="h-3.5 w-3.5 text-muted-foreground" aria-label={d.driver} />
        {driver.name}
      </span>
    )
  }
  return <span className="text-muted-foreground">—</span>
}
