import { useId, useState } from 'react'
import { useForm } from 'react-hook-form'
import { toast } from '@/lib/toast'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog'
import { FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { NativeSelect } from '@/components/ui/native-select'
import { ApiError } from '@/lib/api-client'
import { format, texts } from '@/lib/texts'
import { flatZodResolver } from '@/lib/zod-form'
import type { QualificationView } from './api/qualifications-api'
import { useSaveQualification, useUploadBackingDocument } from './api/qualifications-queries'
import {
  CDL_CLASSES,
  dueFromDoneOn,
  formFieldOf,
  hasLicenseFields,
  keptByExpiry,
  kindLabel,
  qualificationSchema,
  qualificationValues,
  toQualificationInput,
  type QualificationValues,
} from './qualification-rules'

const q = texts.compliance.qualification

/** The most a text field of an item holds (the server's limit). */
const TEXT_MAX = 40

export interface QualificationDialogProps {
  driver: { id: string; name: string; licenseNumber?: string | null; licenseState?: string | null }
  /** The item to add or edit; the dialog is open while it is set. */
  item: QualificationView | null
  onClose: () => void
}

/** Add or edit one qualification item, optionally filing the document that backs it. */
export function QualificationDialog({ driver, item, onClose }: QualificationDialogProps) {
  const [busy, setBusy] = useState(false)
  const label = item ? kindLabel(item) : ''
  return (
    <Dialog open={item !== null} onOpenChange={(open) => !open && !busy && onClose()}>
      <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto">
        <DialogTitle>{format(item?.recorded ? q.editTitle : q.addTitle, { kind: label })}</DialogTitle>
        <DialogDescription>{format(q.dialogDescription, { driver: driver.name })}</DialogDescription>
        {item && (
          <QualificationForm key={item.kind} driver={driver} item={item} onBusy={setBusy} onDone={onClose} />
        )}
      </DialogContent>
    </Dialog>
  )
}

type FieldErrors = Partial<Record<keyof QualificationValues, string>>

function QualificationForm({
  driver,
  item,
  onBusy,
  onDone,
}: {
  driver: QualificationDialogProps['driver']
  item: QualificationView
  onBusy: (busy: boolean) => void
  onDone: () => void
}) {
  const kind = item.kind
  const label = kindLabel(item)
  const id = useId()
  const save = useSaveQualification(driver.id)
  const upload = useUploadBackingDocument()
  const form = useForm<QualificationValues>({
    resolver: flatZodResolver(qualificationSchema(kind)),
    defaultValues: qualificationValues(item, { number: driver.licenseNumber, state: driver.licenseState }),
  })
  const [file, setFile] = useState<File | null>(null)
  // A file filed by an attempt whose save then failed is not filed twice.
  const [uploaded, setUploaded] = useState<{ file: File; id: string } | null>(null)
  const [serverErrors, setServerErrors] = useState<FieldErrors>({})
  const [formError, setFormError] = useState<string | null>(null)
  const busy = save.isPending || upload.isPending
  const errorOf = (field: keyof QualificationValues) => form.formState.errors[field]?.message ?? serverErrors[field]

  const fileDocumentId = async (values: QualificationValues): Promise<string | null | undefined> => {
    if (!file) return item.document_id ?? null
    if (uploaded?.file === file) return uploaded.id
    try {
      const document = await upload.mutateAsync({
        driverId: driver.id,
        kind,
        name: format(q.documentName, { kind: label, driver: driver.name }),
        expirationDate: keptByExpiry(kind) ? values.date : '',
        file,
      })
      setUploaded({ file, id: document.id })
      return document.id
    } catch (error) {
      setFormError(error instanceof Error && error.message ? `${q.uploadFailed}: ${error.message}` : q.uploadFailed)
      return undefined
    }
  }

  const submit = async (values: QualificationValues) => {
    setServerErrors({})
    setFormError(null)
    onBusy(true)
    const documentId = await fileDocumentId(values)
    if (documentId === undefined) {
      onBusy(false)
      return
    }
    save.mutate(
      { kind, body: toQualificationInput(kind, values, documentId) },
      {
        onSuccess: () => {
          toast.success(format(q.saved, { kind: label }))
          onBusy(false)
          onDone()
        },
        onError: (error) => {
          onBusy(false)
          const fields = error instanceof ApiError ? Object.entries(error.fields) : []
          if (fields.length === 0) {
            toast.error(format(q.saveFailed, { kind: label }), { description: error.message })
            return
          }
          const mapped: FieldErrors = {}
          for (const [field, message] of fields) {
            const formField = formFieldOf(field)
            if (formField) mapped[formField] = message
            else setFormError(message)
          }
          setServerErrors(mapped)
        },
      },
    )
  }

  const dateField = keptByExpiry(kind) ? q.expirationDate : q.dateDone
  const classError = errorOf('class')

  return (
    <form noValidate onSubmit={form.handleSubmit(submit)} className="space-y-4">
      {hasLicenseFields(kind) && (
        <>
          <FormField
            id={`${id}-number`}
            label={q.licenseNumber}
            autoComplete="off"
            maxLength={TEXT_MAX}
            error={errorOf('number')}
            {...form.register('number')}
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField
              id={`${id}-state`}
              label={q.state}
              autoComplete="off"
              maxLength={2}
              className="[&_input]:uppercase"
              error={errorOf('state')}
              {...form.register('state')}
            />
            <div className="space-y-2">
              <Label htmlFor={`${id}-class`}>{q.class}</Label>
              <NativeSelect
                id={`${id}-class`}
                {...(classError ? { 'aria-invalid': true, 'aria-describedby': `${id}-class-error` } : {})}
                {...form.register('class')}
              >
                <option value="">{q.chooseClass}</option>
                {CDL_CLASSES.map((value) => (
                  <option key={value} value={value}>
                    {q.classes[value]}
                  </option>
                ))}
              </NativeSelect>
              {classError && (
                <p id={`${id}-class-error`} className="text-sm text-destructive">
                  {classError}
                </p>
              )}
            </div>
          </div>
        </>
      )}
      <FormField
        id={`${id}-date`}
        type="date"
        label={dateField}
        required
        hint={dueFromDoneOn(kind) ? q.dueComputed : undefined}
        error={errorOf('date')}
        {...form.register('date')}
      />
      <div className="space-y-2">
        <Label htmlFor={`${id}-file`}>{q.attachDocument}</Label>
        <Input
          id={`${id}-file`}
          type="file"
          accept="application/pdf,image/*"
          className="h-auto min-h-10"
          aria-describedby={`${id}-file-hint`}
          onChange={(event) => setFile(event.target.files?.[0] ?? null)}
        />
        <p id={`${id}-file-hint`} className="text-xs text-muted-foreground">
          {item.document_name && !file ? `${format(q.attached, { name: item.document_name })}. ` : ''}
          {q.attachHint}
        </p>
      </div>
      {formError && <Alert>{formError}</Alert>}
      <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={onDone} disabled={busy}>
          {q.cancel}
        </Button>
        <Button type="submit" disabled={busy}>
          {upload.isPending ? q.uploading : save.isPending ? q.saving : q.save}
        </Button>
      </div>
    </form>
  )
}
