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
      <Table className="min-w-[820px] [&_td]:px-2 [&_th]:px-2">
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
              <TableCell className="max-w-60 min-w-40">
                <span className="block font-medium break-words text-ink">{document.name}</span>
                {document.file_name !== document.name && (
                  <span className="block truncate text-xs text-muted-foreground" title={document.file_name}>
                    {document.file_name}
                  </span>
                )}
              </TableCell>
              <TableCell className="min-w-24">{documentTypeLabel(document.document_type)}</TableCell>
              <TableCell>
                <VehicleCell document={document} />
              </TableCell>
              <TableCell className="whitespace-nowrap">{tableDate(document.created_at)}</TableCell>
              <TableCell className="whitespace-nowrap">{tableDate(document.expiration_date)}</TableCell>
              <TableCell>
                <DocumentStatusBadge status={document.status} />
              </TableCell>
              <TableCell className="text-right whitespace-nowrap">
                <div className="inline-flex gap-1">
                  <a
                    href={downloadUrl(document.id)}
                    download={document.file_name}
                    className={buttonClass('ghost', 'icon')}
                    aria-label={`${d.download} ${document.name}`}
                    title={d.download}
                  >
                    <Download className="h-4 w-4" aria-hidden />
                  </a>
                  <Button
                    variant="ghost"
                    size="icon"
                    className="text-destructive hover:bg-red-50"
                    aria-label={`${d.delete} ${document.name}`}
                    title={d.delete}
                    onClick={() => setDeleting(document)}
                  >
                    <Trash2 className="h-4 w-4" aria-hidden />
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
      <div className="min-w-24">
        <span className="block">{name}</span>
        {vehicle.identifier && vehicle.identifier !== name && (
          <span className="block text-xs text-muted-foreground">{vehicle.identifier}</span>
        )}
      </div>
    )
  }
  if (driver) {
    return (
      <span className="inline-flex min-w-24 items-center gap-1" title={d.driver}>
        <User className="h-3.5 w-3.5 text-muted-foreground" aria-label={d.driver} />
        {driver.name}
      </span>
    )
  }
  return <span className="text-muted-foreground">—</span>
}
