import { useId, useReducer, useRef, useState, type FormEvent, type ReactNode } from 'react'
import { toast } from '@/lib/toast'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Checkbox } from '@/components/ui/checkbox'
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { NativeSelect } from '@/components/ui/native-select'
import { Progress } from '@/components/ui/progress'
import { Textarea } from '@/components/ui/textarea'
import { ApiError } from '@/lib/api-client'
import { texts } from '@/lib/texts'
import type { VehicleKind, VehicleOption } from './api/documents-api'
import { useUploadDocument, useVehicleOptions } from './api/documents-queries'
import { fileSizeKb } from './document-dates'
import { DOCUMENT_TYPES, LOAD_DOCUMENT_TYPES } from './document-types'
import { initialUploadForm, uploadFormReducer, uploadProblem, type UploadPreset } from './upload-form'
import { vehicleLabel } from './vehicle-label'

const d = texts.documents

/** The file types the server takes (texts.documents.fileTypeNotAllowed); the picker offers them first. */
const ACCEPT = '.pdf,.jpg,.jpeg,.png,.heic,.heif,.tif,.tiff,.docx,.xlsx,.csv,.txt'

/** Answers whose message says what to fix (the size limit, the type found, a field): shown in the dialog. */
const SHOWN_IN_DIALOG = new Set([413, 415, 422])

export interface UploadDocumentDialogProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  /** An asset's Documents tab opens the dialog with its vehicle or its driver chosen. */
  preset?: UploadPreset
}

/** 'Upload Document' (spec §2): the file, its name and type, a vehicle, dates, description and sharing. */
export function UploadDocumentDialog({ open, onOpenChange, preset }: UploadDocumentDialogProps) {
  const [form, dispatch] = useReducer(uploadFormReducer, preset, initialUploadForm)
  const [progress, setProgress] = useState<number | null>(null)
  const [serverError, setServerError] = useState<ApiError | null>(null)
  // A new key empties the native file input, whose value React cannot set.
  const [fileInputKey, setFileInputKey] = useState(0)
  const abort = useRef<AbortController | null>(null)
  const upload = useUploadDocument()
  const id = useId()
  const vehicles = useVehicleOptions(form.vehicleType ? [form.vehicleType] : [], open && form.vehicleType !== '')

  const reset = () => {
    dispatch({ type: 'reset', preset })
    setProgress(null)
    setServerError(null)
    setFileInputKey((key) => key + 1)
    upload.reset()
  }

  /** Cancel, the close button, Escape and a click outside: all fields reset (spec §4), a running upload stops. */
  const close = () => {
    abort.current?.abort()
    abort.current = null
    reset()
    onOpenChange(false)
  }

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (upload.isPending) return
    const problem = uploadProblem(form)
    if (problem) {
      toast.error(d[problem])
      return
    }
    setServerError(null)
    setProgress(0)
    const controller = new AbortController()
    abort.current = controller
    upload.mutate(
      {
        fields: {
          name: form.name,
          documentType: form.documentType,
          vehicleType: form.vehicleType,
          vehicleId: form.vehicleId,
          driverId: form.driverId,
          loadId: form.loadId,
          issueDate: form.issueDate,
          expirationDate: form.expirationDate,
          description: form.description,
          shareWithDrivers: form.shareWithDrivers,
          file: form.file!,
        },
        options: { onProgress: setProgress, signal: controller.signal },
      },
      {
        onSuccess: () => {
          toast.success(d.uploadedTitle, { description: d.uploaded })
          abort.current = null
          reset()
          onOpenChange(false)
        },
        onError: (error) => {
          abort.current = null
          setProgress(null)
          if (error instanceof DOMException && error.name === 'AbortError') return
          if (error instanceof ApiError && SHOWN_IN_DIALOG.has(error.status)) setServerError(error)
          else toast.error(d.uploadFailed)
        },
      },
    )
  }

  const busy = upload.isPending
  const fieldError = (...names: string[]) => names.map((name) => serverError?.fields[name]).find(Boolean)
  const options = withPreset(vehicles.options, form.vehicleType, preset)
  // From a load: a load's types only, and no vehicle (the paper is the load's).
  const onLoad = preset?.kind === 'load'
  const types = onLoad ? LOAD_DOCUMENT_TYPES : DOCUMENT_TYPES

  return (
    <Dialog open={open} onOpenChange={(next) => (next ? onOpenChange(true) : close())}>
      <DialogContent className="max-h-[calc(100dvh-2rem)] max-w-[550px]! overflow-y-auto">
        <div className="space-y-1 pr-6">
          <DialogTitle>{onLoad ? d.loadDocuments.dialogTitle : d.dialogTitle}</DialogTitle>
          <DialogDescription>{onLoad ? d.loadDocuments.dialogDescription : d.dialogDescription}</DialogDescription>
        </div>
        <form className="grid min-w-0 gap-4" onSubmit={submit} noValidate>
          <Field id={`${id}-file`} label={d.fileLabel} error={fieldError('file')}>
            <Input
              key={fileInputKey}
              id={`${id}-file`}
              type="file"
              accept={ACCEPT}
              disabled={busy}
              className="h-auto py-1.5 file:mr-3 file:rounded file:border-0 file:bg-muted file:px-3 file:py-1 file:text-sm file:font-medium"
              onChange={(event) => {
                setServerError(null)
                dispatch({ type: 'file', file: event.target.files?.[0] ?? null })
              }}
            />
            {form.file && (
              <p className="text-sm break-all text-muted-foreground" data-testid="selected-file">
                {form.file.name} ({fileSizeKb(form.file.size)})
              </p>
            )}
          </Field>
          <Field id={`${id}-name`} label={d.nameLabel} error={fieldError('name')}>
            <Input
              id={`${id}-name`}
              value={form.name}
              maxLength={200}
              disabled={busy}
              onChange={(event) => dispatch({ type: 'field', field: 'name', value: event.target.value })}
            />
          </Field>
          <Field id={`${id}-type`} label={d.typeLabel} error={fieldError('document_type')}>
            <NativeSelect
              id={`${id}-type`}
              value={form.documentType}
              disabled={busy}
              onChange={(event) => dispatch({ type: 'field', field: 'documentType', value: event.target.value })}
            >
              <option value="">{d.documentType}</option>
              {types.map((type) => (
                <option key={type} value={type}>
                  {d.types[type]}
                </option>
              ))}
            </NativeSelect>
          </Field>
          {preset?.kind === 'driver' && (
            <Field id={`${id}-driver`} label={d.driver}>
              <Input id={`${id}-driver`} value={preset.name} readOnly disabled />
            </Field>
          )}
          {!onLoad && (
            <div className="grid gap-4 sm:grid-cols-2">
              <Field id={`${id}-vehicle-type`} label={d.vehicleTypeLabel} error={fieldError('vehicle_type')}>
                <NativeSelect
                  id={`${id}-vehicle-type`}
                  value={form.vehicleType}
                  disabled={busy}
                  onChange={(event) =>
                    dispatch({ type: 'vehicleType', value: event.target.value as VehicleKind | '' })
                  }
                >
                  <option value="">{d.vehicleTypeLabel}</option>
                  <option value="truck">{d.vehicleTypes.truck}</option>
                  <option value="trailer">{d.vehicleTypes.trailer}</option>
                </NativeSelect>
              </Field>
              <Field id={`${id}-vehicle`} label={d.vehicleLabel} error={fieldError('vehicle_id')}>
                <NativeSelect
                  id={`${id}-vehicle`}
                  value={form.vehicleId}
                  disabled={busy || !form.vehicleType}
                  aria-busy={vehicles.isPending}
                  onChange={(event) => dispatch({ type: 'field', field: 'vehicleId', value: event.target.value })}
                >
                  <option value="">{d.vehicleLabel}</option>
                  {options.map((vehicle) => (
                    <option key={vehicle.id} value={vehicle.id}>
                      {vehicleLabel(vehicle)}
                    </option>
                  ))}
                </NativeSelect>
              </Field>
            </div>
          )}
          {vehicles.isError && (
            <Alert className="flex flex-wrap items-center justify-between gap-2">
              <span>{d.loadVehiclesFailed}</span>
              <Button variant="outline" size="sm" onClick={vehicles.refetch}>
                {d.retry}
              </Button>
            </Alert>
          )}
          <div className="grid gap-4 sm:grid-cols-2">
            <Field id={`${id}-issue`} label={d.issueDateLabel} error={fieldError('issue_date')}>
              <Input
                id={`${id}-issue`}
                type="date"
                value={form.issueDate}
                disabled={busy}
                onChange={(event) => dispatch({ type: 'field', field: 'issueDate', value: event.target.value })}
              />
            </Field>
            <Field id={`${id}-expiration`} label={d.expirationDateLabel} error={fieldError('expiration_date')}>
              <Input
                id={`${id}-expiration`}
                type="date"
                value={form.expirationDate}
                disabled={busy}
                onChange={(event) => dispatch({ type: 'field', field: 'expirationDate', value: event.target.value })}
              />
            </Field>
          </div>
          <Field id={`${id}-description`} label={d.descriptionLabel} error={fieldError('description')}>
            <Textarea
              id={`${id}-description`}
              value={form.description}
              maxLength={2000}
              disabled={busy}
              className="min-h-20"
              onChange={(event) => dispatch({ type: 'field', field: 'description', value: event.target.value })}
            />
          </Field>
          <div className="flex items-center gap-3">
            <Checkbox
              id={`${id}-share`}
              checked={form.shareWithDrivers}
              disabled={busy}
              onCheckedChange={(checked) => dispatch({ type: 'share', value: checked === true })}
            />
            <Label htmlFor={`${id}-share`}>{d.shareWithDrivers}</Label>
          </div>
          {serverError && (
            <Alert data-testid="upload-error">
              <span className="block break-words">{serverError.message}</span>
            </Alert>
          )}
          {progress !== null && (
            <Progress value={progress} aria-label={d.uploading} aria-valuetext={`${progress}%`} />
          )}
          <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={close}>
              {d.cancel}
            </Button>
            <Button type="submit" disabled={busy}>
              {busy ? d.uploading : d.uploadButton}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  )
}

function Field({ id, label, error, children }: { id: string; label: string; error?: string; children: ReactNode }) {
  return (
    <div className="min-w-0 space-y-2">
      <Label htmlFor={id}>{label}</Label>
      {children}
      {error && <p className="text-sm text-destructive">{error}</p>}
    </div>
  )
}

/** The choices, with the preset vehicle among them even when it is beyond the lists' first page. */
function withPreset(options: VehicleOption[], kind: VehicleKind | '', preset?: UploadPreset): VehicleOption[] {
  if (preset?.kind !== 'vehicle' || preset.vehicleType !== kind) return options
  if (options.some((option) => option.id === preset.vehicleId)) return options
  return [{ kind, id: preset.vehicleId, name: preset.name, identifier: null }, ...options]
}
