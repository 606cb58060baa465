import { Upload } from 'lucide-react'
import { useState } from 'react'
import { Button } from '@/components/ui/button'
import { Card, CardContent } from '@/components/ui/card'
import { texts } from '@/lib/texts'
import { useDocumentsPage } from './api/documents-queries'
import type { DocumentAsset } from './document-asset'
import { DocumentsList } from './documents-list'
import { UploadDocumentDialog } from './upload-document-dialog'
import type { UploadPreset } from './upload-form'

const d = texts.documents

function presetOf(asset: DocumentAsset): UploadPreset {
  return asset.kind === 'driver'
    ? { kind: 'driver', driverId: asset.id, name: asset.name }
    : { kind: 'vehicle', vehicleType: asset.kind, vehicleId: asset.id, name: asset.name }
}

/** The Documents tab of a truck, a trailer or a driver: its documents, and an upload set to it. */
export default function AssetDocuments({ asset }: { asset: DocumentAsset }) {
  const [page, setPage] = useState(1)
  const [uploading, setUploading] = useState(false)
  const query = useDocumentsPage({
    tab: 'all',
    vehicleId: asset.kind === 'driver' ? null : asset.id,
    driverId: asset.kind === 'driver' ? asset.id : null,
    page,
  })

  return (
    <Card>
      <CardContent className="space-y-4 pt-6">
        <div className="flex justify-end">
          <Button onClick={() => setUploading(true)}>
            <Upload className="h-4 w-4" aria-hidden />
            {d.uploadButton}
          </Button>
        </div>
        <DocumentsList query={query} onPage={setPage} />
      </CardContent>
      <UploadDocumentDialog key={asset.id} open={uploading} onOpenChange={setUploading} preset={presetOf(asset)} />
    </Card>
  )
}
