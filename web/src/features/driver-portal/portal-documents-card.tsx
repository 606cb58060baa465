import { useEffect } from 'react'
import { Download, FileText } from 'lucide-react'
import { Badge } from '@/components/ui/badge'
import { buttonClass } from '@/components/ui/button-variants'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import { cn } from '@/lib/cn'
import { shortDate } from '@/lib/dates'
import { format, texts } from '@/lib/texts'
import { useMyRenewals, usePortalDocuments } from './api/portal-queries'
import { portalDownloadUrl } from './api/portal-api'
import type { PortalHome, RenewalView } from './api/types'
import { PortalLoadError, PortalLoading } from './portal-load-error'
import { RenewalDialog } from './renewal-dialog'

const d = texts.driverPortal

export interface PortalDocumentsCardProps {
  home: PortalHome
  onSessionEnded: (error: unknown) => boolean
  className?: string
}

/** Documents: what the fleet shares with the driver, the renewal upload and the driver's renewals. */
export function PortalDocumentsCard({ home, onSessionEnded, className }: PortalDocumentsCardProps) {
  const documents = usePortalDocuments(true)
  const renewals = useMyRenewals(true)
  const failure = documents.error ?? renewals.error

  useEffect(() => {
    if (failure) onSessionEnded(failure)
  }, [failure, onSessionEnded])

  return (
    <Card className={className} data-testid="portal-documents">
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-3">
        <CardTitle className="flex items-center gap-2">
          <FileText className="h-5 w-5 text-primary" aria-hidden />
          {d.documents}
        </CardTitle>
        <RenewalDialog home={home} onSessionEnded={onSessionEnded} />
      </CardHeader>
      <CardContent className="space-y-6">
        {documents.isPending ? (
          <PortalLoading />
        ) : documents.isError ? (
          <PortalLoadError error={documents.error} onRetry={() => void documents.refetch()} />
        ) : documents.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">{d.noDocuments}</p>
        ) : (
          <ul className="divide-y divide-border">
            {documents.data.map((document) => (
              <li key={document.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
                <div className="min-w-0 flex-1">
                  <p className="font-medium break-words">{document.name}</p>
                  <p className="text-sm text-muted-foreground">
                    {document.document_type_label}
                    {document.expiration_date && ` · ${shortDate(document.expiration_date)}`}
                  </p>
                </div>
                <a
                  href={portalDownloadUrl(document.id)}
                  download={document.file_name}
                  className={buttonClass('outline', 'lg', 'shrink-0')}
                  aria-label={`${d.download} ${document.name}`}
                >
                  <Download className="h-4 w-4" aria-hidden />
                  {d.download}
                </a>
              </li>
            ))}
          </ul>
        )}
        {renewals.isError ? (
          <PortalLoadError error={renewals.error} onRetry={() => void renewals.refetch()} />
        ) : (
          renewals.data &&
          renewals.data.length > 0 && (
            <section aria-labelledby="portal-renewals" className="space-y-3">
              <h3 id="portal-renewals" className="font-semibold">
                {d.renewalsTitle}
              </h3>
              <ul className="space-y-2">
                {renewals.data.map((renewal) => (
                  <RenewalItem key={renewal.id} renewal={renewal} />
                ))}
              </ul>
            </section>
          )
        )}
      </CardContent>
    </Card>
  )
}

const statusVariant = { pending: 'warning', accepted: 'success', rejected: 'destructive' } as const
type Status = keyof typeof statusVariant

function RenewalItem({ renewal }: { renewal: RenewalView }) {
  const status: Status = renewal.status in statusVariant ? (renewal.status as Status) : 'pending'
  return (
    <li className="rounded-lg border border-border p-3" data-testid="portal-renewal">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-medium break-words">{renewal.name}</p>
          <p className="text-sm text-muted-foreground">
            {[renewal.document_type_label, renewal.target_name, shortDate(renewal.expiration_date)]
              .filter(Boolean)
              .join(' · ')}
          </p>
        </div>
        <Badge variant={statusVariant[status]} className={cn('shrink-0')}>
          {d.renewalStatus[status]}
        </Badge>
      </div>
      {status === 'rejected' && renewal.reason && (
        <p className="mt-2 text-sm text-red-800">{format(d.renewalReason, { reason: renewal.reason })}</p>
      )}
    </li>
  )
}
