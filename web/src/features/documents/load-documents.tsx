import { FolderOpen, Upload } from 'lucide-react'
import { useState } from 'react'
import { LoadError } from '@/components/load-error'
import { Button } from '@/components/ui/button'
import { Card, CardContent } from '@/components/ui/card'
import { Spinner } from '@/components/ui/spinner'
import { texts } from '@/lib/texts'
import { useLoadErrorToast } from '@/lib/use-load-error-toast'
import { useLoadDocuments } from './api/documents-queries'
import { DocumentsTable } from './documents-table'
import { UploadDocumentDialog } from './upload-document-dialog'

const d = texts.documents
const l = texts.documents.loadDocuments

export interface LoadDocumentsProps {
  loadId: string
  /** The load as the dialog names it ('PRO 1002'). */
  loadName: string
}

/**
 * A load's documents (issue 31): its rate confirmation, BOL, POD, lumper
 * receipts and scale tickets, and an upload whose type picker offers those.
 * The load page (another feature) composes it through the app layer.
 */
export default function LoadDocuments({ loadId, loadName }: LoadDocumentsProps) {
  const [uploading, setUploading] = useState(false)
  const query = useLoadDocuments(loadId)
  useLoadErrorToast(query, l.loadFailed)

  return (
    <Card>
      <CardContent className="space-y-4 pt-6">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0 space-y-1">
            <h2 className="text-lg font-semibold text-ink">{l.title}</h2>
            <p className="text-sm text-muted-foreground">{l.subtitle}</p>
          </div>
          <Button onClick={() => setUploading(true)}>
            <Upload className="h-4 w-4" aria-hidden />
            {l.uploadButton}
          </Button>
        </div>
        {query.isError ? (
          <LoadError
            title={l.loadFailed}
            message={query.error.message}
            retryLabel={d.retry}
            onRetry={() => void query.refetch()}
          />
        ) : query.isPending ? (
          <div className="flex justify-center py-10">
            <Spinner label={texts.fleet.assets.loading} />
          </div>
        ) : query.data.items.length === 0 ? (
          <div className="space-y-2 py-10 text-center">
            <FolderOpen className="mx-auto h-10 w-10 text-muted-foreground" aria-hidden />
            <p className="font-medium text-ink">{l.emptyTitle}</p>
            <p className="text-sm text-muted-foreground">{l.emptyText}</p>
          </div>
        ) : (
          <DocumentsTable documents={query.data.items} />
        )}
      </CardContent>
      <UploadDocumentDialog
        key={loadId}
        open={uploading}
        onOpenChange={setUploading}
        preset={{ kind: 'load', loadId, name: loadName }}
      />
    </Card>
  )
}

export { LoadDocuments }
