import { Download } from 'lucide-react'
import { useId, useState } from 'react'
import { toast } from '@/lib/toast'
import { Field, Fields } from '@/components/fleet/detail-parts'
import { LoadError } from '@/components/load-error'
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogConfirm,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog'
import { Badge, type BadgeProps } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Spinner } from '@/components/ui/spinner'
import { shortDate } from '@/lib/dates'
import { orDash } from '@/lib/fleet-display'
import { format, texts } from '@/lib/texts'
import { documentDownloadUrl, type QualificationView } from './api/qualifications-api'
import { useQualifications, useRemoveQualification } from './api/qualifications-queries'
import { QualificationDialog, type QualificationDialogProps } from './qualification-dialog'
import {
  hasLicenseFields,
  keptByExpiry,
  kindLabel,
  qualificationStatus,
  type QualificationStatus,
} from './qualification-rules'

const q = texts.compliance.qualification

const statusVariant: Record<QualificationStatus, NonNullable<BadgeProps['variant']>> = {
  overdue: 'destructive',
  next30: 'warning',
  ok: 'success',
  notRecorded: 'outline',
}

export interface QualificationTabProps {
  driver: QualificationDialogProps['driver']
}

/** A driver's Qualification tab: the five items that keep the driver qualified, each with its status and document. */
export function QualificationTab({ driver }: QualificationTabProps) {
  const query = useQualifications(driver.id)
  const [editing, setEditing] = useState<QualificationView | null>(null)
  const [removing, setRemoving] = useState<QualificationView | null>(null)

  return (
    <Card>
      <CardHeader className="pb-4">
        <CardTitle>{q.title}</CardTitle>
        <CardDescription>{q.description}</CardDescription>
      </CardHeader>
      <CardContent>
        {query.isPending ? (
          <div className="flex justify-center py-10">
            <Spinner label={texts.fleet.assets.loading} />
          </div>
        ) : query.isError ? (
          <LoadError
            title={q.loadFailed}
            message={query.error.message}
            retryLabel={q.retry}
            onRetry={() => void query.refetch()}
          />
        ) : (
          <ul className="space-y-3">
            {query.data.map((item) => (
              <li key={item.kind}>
                <QualificationItem item={item} onEdit={() => setEditing(item)} onRemove={() => setRemoving(item)} />
              </li>
            ))}
          </ul>
        )}
      </CardContent>
      <QualificationDialog driver={driver} item={editing} onClose={() => setEditing(null)} />
      <RemoveQualificationDialog driverId={driver.id} item={removing} onClose={() => setRemoving(null)} />
    </Card>
  )
}

function QualificationItem({
  item,
  onEdit,
  onRemove,
}: {
  item: QualificationView
  onEdit: () => void
  onRemove: () => void
}) {
  const headingId = useId()
  const status = qualificationStatus(item)
  const label = kindLabel(item)

  return (
    <section
      aria-labelledby={headingId}
      data-testid={`qualification-${item.kind}`}
      className="space-y-3 rounded-lg border border-border p-4"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={headingId} className="font-semibold text-ink">
          {label}
        </h3>
        <Badge variant={statusVariant[status]} data-testid="qualification-status">
          {q.status[status]}
        </Badge>
      </div>
      {item.recorded && (
        <Fields>
          {hasLicenseFields(item.kind) && (
            <>
              <Field label={q.licenseNumber}>{orDash(item.number)}</Field>
              <Field label={q.state}>{orDash(item.state)}</Field>
              <Field label={q.class}>{orDash(item.class)}</Field>
            </>
          )}
          {/* An expiry is the next due date itself; an annual check shows when it was done too. */}
          {!keptByExpiry(item.kind) && <Field label={q.dateDone}>{orDash(shortDate(item.done_on))}</Field>}
          <Field label={q.nextDue}>{item.due_on ? shortDate(item.due_on) : q.noDueDate}</Field>
          <Field label={q.document}>
            {item.document_id ? (
              <a
                href={documentDownloadUrl(item.document_id)}
                className="inline-flex max-w-full items-center gap-1.5 text-primary hover:underline"
                aria-label={`${q.download} ${item.document_name ?? label}`}
              >
                <Download className="h-4 w-4 shrink-0" aria-hidden />
                <span className="truncate">{item.document_name ?? q.download}</span>
              </a>
            ) : (
              <span className="font-normal text-muted-foreground">{q.noDocument}</span>
            )}
          </Field>
        </Fields>
      )}
      <div className="flex flex-wrap gap-2">
        {item.recorded ? (
          <>
            <Button variant="outline" size="sm" onClick={onEdit}>
              {q.edit}
            </Button>
            <Button variant="outline" size="sm" className="text-destructive" onClick={onRemove}>
              {q.remove}
            </Button>
          </>
        ) : (
          <Button size="sm" onClick={onEdit}>
            {q.add}
          </Button>
        )}
      </div>
    </section>
  )
}

/** 'Remove CDL?': the item's details go; its document stays in Documents. */
function RemoveQualificationDialog({
  driverId,
  item,
  onClose,
}: {
  driverId: string
  item: QualificationView | null
  onClose: () => void
}) {
  const remove = useRemoveQualification(driverId)
  const label = item ? kindLabel(item) : ''

  const confirm = () => {
    if (!item) return
    remove.mutate(item.kind, {
      onSuccess: () => {
        toast.success(format(q.removed, { kind: label }))
        onClose()
      },
      onError: (error) => toast.error(format(q.removeFailed, { kind: label }), { description: error.message }),
    })
  }

  return (
    <AlertDialog open={item !== null} onOpenChange={(open) => !open && !remove.isPending && onClose()}>
      <AlertDialogContent>
        <AlertDialogTitle>{format(q.removeTitle, { kind: label })}</AlertDialogTitle>
        <AlertDialogDescription>{q.removeText}</AlertDialogDescription>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={remove.isPending}>{q.cancel}</AlertDialogCancel>
          <AlertDialogConfirm disabled={remove.isPending} onClick={confirm}>
            {remove.isPending ? q.removing : q.remove}
          </AlertDialogConfirm>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  )
}
