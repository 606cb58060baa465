import { useEffect, useId, useMemo } from 'react'
import { AlertTriangle, Download, FileText, Upload } from 'lucide-react'
import { DocumentStatusBadge } from '@/components/document-status-badge'
import { Alert } from '@/components/ui/alert'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { buttonClass } from '@/components/ui/button-variants'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import { cn } from '@/lib/cn'
import { shortDate } from '@/lib/dates'
import { type ExpiryStatus } from '@/lib/expiry-status'
import { format, texts } from '@/lib/texts'
import { useMyRenewals, usePortalDocuments } from './api/portal-queries'
import { portalDownloadUrl } from './api/portal-api'
import type { PortalDocument, PortalHome, RenewalView } from './api/types'
import { PortalLoadError, PortalLoading } from './portal-load-error'
import { RenewalDialog } from './renewal-dialog'
import { renewalPrefill } from './renewal-form'

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
          <DocumentList documents={documents.data} home={home} onSessionEnded={onSessionEnded} />
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

interface ListedDocument {
  document: PortalDocument
  status: ExpiryStatus
}

const needsAction = (status: ExpiryStatus) => status === 'expired' || status === 'expiring_soon'
const rank: Record<ExpiryStatus, number> = { expired: 0, expiring_soon: 1, valid: 2, none: 2 }

/** Expired, then expiring documents first (soonest first), then the rest in the server's order. */
function listed(documents: PortalDocument[]): ListedDocument[] {
  return documents
    .map((document) => ({ document, status: document.status as ExpiryStatus }))
    .map((entry, index) => ({ entry, index }))
    .sort((a, b) => {
      const byStatus = rank[a.entry.status] - rank[b.entry.status]
      if (byStatus !== 0) return byStatus
      if (needsAction(a.entry.status)) {
        const byDate = (a.entry.document.expiration_date ?? '').localeCompare(b.entry.document.expiration_date ?? '')
        if (byDate !== 0) return byDate
      }
      return a.index - b.index
    })
    .map(({ entry }) => entry)
}

interface DocumentListProps {
  documents: PortalDocument[]
  home: PortalHome
  onSessionEnded: (error: unknown) => boolean
}

function DocumentList({ documents, home, onSessionEnded }: DocumentListProps) {
  // Judged by the server on the fleet's day, not the phone's.
  const entries = useMemo(() => listed(documents), [documents])
  const expired = entries.filter((entry) => entry.status === 'expired').length
  const expiring = entries.filter((entry) => entry.status === 'expiring_soon').length
  return (
    <div className="space-y-3">
      {(expired > 0 || expiring > 0) && <AttentionSummary expired={expired} expiring={expiring} />}
      <ul className="divide-y divide-border">
        {entries.map(({ document, status }) => (
          <DocumentItem
            key={document.id}
            document={document}
            status={status}
            home={home}
            onSessionEnded={onSessionEnded}
          />
        ))}
      </ul>
    </div>
  )
}

/** '1 document expired, 1 expiring soon', red when something has expired, amber otherwise. */
function AttentionSummary({ expired, expiring }: { expired: number; expiring: number }) {
  const count = (one: string, many: string, n: number) => (n === 1 ? one : format(many, { count: n }))
  const text =
    expired > 0
      ? [
          count(d.documentsExpiredOne, d.documentsExpiredMany, expired),
          expiring > 0 && format(d.documentsAlsoExpiring, { count: expiring }),
        ]
          .filter(Boolean)
          .join(', ')
      : count(d.documentsExpiringOne, d.documentsExpiringMany, expiring)
  return (
    <Alert
      variant={expired > 0 ? 'destructive' : 'warning'}
      role="status"
      className="flex items-start gap-3"
      data-testid="portal-documents-attention"
    >
      <AlertTriangle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
      <span>
        <span className="block font-semibold">{text}</span>
        <span className="block">{d.documentsAttentionHelp}</span>
      </span>
    </Alert>
  )
}

interface DocumentItemProps {
  document: PortalDocument
  status: ExpiryStatus
  home: PortalHome
  onSessionEnded: (error: unknown) => boolean
}

function DocumentItem({ document, status, home, onSessionEnded }: DocumentItemProps) {
  const nameId = useId()
  const action = needsAction(status)
  const prefill = action ? renewalPrefill(document, home) : null
  const download = (className: string) => (
    <a
      href={portalDownloadUrl(document.id)}
      download={document.file_name}
      className={buttonClass('outline', 'lg', className)}
      aria-label={`${d.download} ${document.name}`}
    >
      <Download className="h-4 w-4" aria-hidden />
      {d.download}
    </a>
  )
  return (
    <li className="space-y-2 py-3" data-testid="portal-document" data-status={status}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="min-w-0 flex-1 space-y-1">
          <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <p id={nameId} className="min-w-0 font-medium break-words">
              {document.name}
            </p>
            {action && <DocumentStatusBadge status={status} />}
          </div>
          <p className="text-sm text-muted-foreground">
            {document.document_type_label}
            {document.expiration_date && ` · ${shortDate(document.expiration_date)}`}
          </p>
        </div>
        {!prefill && download('shrink-0')}
      </div>
      {action && (
        <p className={cn('text-sm', status === 'expired' ? 'text-red-800' : 'text-amber-900')}>
          {prefill ? d.renewHint : d.companyDocumentHint}
        </p>
      )}
      {prefill && (
        <div className="flex flex-wrap gap-2">
          <RenewalDialog
            home={home}
            onSessionEnded={onSessionEnded}
            prefill={prefill}
            trigger={
              <Button size="lg" className="flex-1 sm:flex-none" aria-describedby={nameId}>
                <Upload className="h-4 w-4" aria-hidden />
                {d.uploadRenewal}
              </Button>
            }
          />
          {download('flex-1 sm:flex-none')}
        </div>
      )}
    </li>
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
