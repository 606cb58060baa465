import { useState, type FormEvent, type ReactElement } from 'react'
import { Upload } from 'lucide-react'
import { toast } from '@/lib/toast'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from '@/components/ui/dialog'
import { FormField } from '@/components/ui/form-field'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { NativeSelect } from '@/components/ui/native-select'
import { Textarea } from '@/components/ui/textarea'
import { ApiError } from '@/lib/api-client'
import { kindLabel } from '@/lib/kind-label'
import { texts } from '@/lib/texts'
import { useSubmitRenewal } from './api/portal-queries'
import type { PortalHome } from './api/types'
import { errorMessage } from './portal-errors'
import {
  parseTargetChoice,
  renewalFormData,
  renewalKinds,
  renewalTypes,
  type RenewalKind,
  type RenewalPrefill,
} from './renewal-form'

const d = texts.driverPortal
const c = texts.compliance
const kindLabels: Record<RenewalKind, string> = {
  cdl: c.qualificationKinds.cdl,
  medical: c.qualificationKinds.medical,
  other: c.renewal.other,
}
const typeLabels: Record<string, string> = texts.documents.types

export interface RenewalDialogProps {
  home: PortalHome
  onSessionEnded: (error: unknown) => boolean
  /** The form filled in for one document of the list (its own 'Upload a renewal' button). */
  prefill?: RenewalPrefill
  /** The button that opens the dialog, instead of the card's 'Upload a renewal'. */
  trigger?: ReactElement
}

/** 'Upload a renewal': a photo or PDF of a renewed document, for the office to review. */
export function RenewalDialog({ home, onSessionEnded, prefill, trigger }: RenewalDialogProps) {
  const [open, setOpen] = useState(false)
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        {trigger ?? (
          <Button size="lg" className="w-full sm:w-auto">
            <Upload className="h-4 w-4" aria-hidden />
            {d.uploadRenewal}
          </Button>
        )}
      </DialogTrigger>
      <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto">
        <DialogTitle>{d.renewalTitle}</DialogTitle>
        <DialogDescription>{d.renewalDescription}</DialogDescription>
        {open && (
          <RenewalForm home={home} onSessionEnded={onSessionEnded} prefill={prefill} onDone={() => setOpen(false)} />
        )}
      </DialogContent>
    </Dialog>
  )
}

function RenewalForm({ home, onSessionEnded, prefill, onDone }: RenewalDialogProps & { onDone: () => void }) {
  const submit = useSubmitRenewal()
  const [choice, setChoice] = useState(prefill?.choice ?? 'driver')
  const { target } = parseTargetChoice(choice)
  const [documentType, setDocumentType] = useState(prefill?.documentType ?? renewalTypes.driver[0])
  const [kind, setKind] = useState<RenewalKind>(prefill?.kind ?? 'other')
  const renewsQualification = target === 'driver' && kind !== 'other'
  const fields = submit.error instanceof ApiError ? submit.error.fields : {}

  const onChoice = (value: string) => {
    setChoice(value)
    setDocumentType(renewalTypes[parseTargetChoice(value).target][0])
  }

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const data = new FormData(event.currentTarget)
    const file = data.get('file')
    if (!(file instanceof Blob)) return
    const body = renewalFormData(
      {
        ...parseTargetChoice(choice),
        documentType,
        kind,
        name: String(data.get('name') ?? ''),
        expirationDate: String(data.get('expiration_date') ?? ''),
        note: String(data.get('note') ?? ''),
      },
      file,
    )
    submit.mutate(body, {
      onSuccess: () => {
        toast.success(d.renewalSent)
        onDone()
      },
      onError: onSessionEnded,
    })
  }

  const types = renewalTypes[target]
  return (
    <form onSubmit={onSubmit} className="space-y-4" noValidate={false}>
      <div className="space-y-2">
        <Label htmlFor="renewal-target">{d.renewalFor}</Label>
        <NativeSelect
          id="renewal-target"
          className="h-11"
          value={choice}
          onChange={(event) => onChoice(event.target.value)}
          aria-invalid={fields.target || fields.trailer_id ? true : undefined}
        >
          <option value="driver">{d.renewalForMe}</option>
          {home.truck && <option value="truck">{d.renewalForTruck}</option>}
          {home.trailers.map((trailer) => (
            <option key={trailer.id} value={`trailer:${trailer.id}`}>
              {kindLabel(d.renewalForTrailer, 'name', trailer.name || trailer.license_plate || '')}
            </option>
          ))}
        </NativeSelect>
        <FieldError message={fields.target ?? fields.trailer_id} />
      </div>
      {target === 'driver' && (
        <div className="space-y-2">
          <Label htmlFor="renewal-kind">{c.renewal.what}</Label>
          <NativeSelect
            id="renewal-kind"
            className="h-11"
            value={kind}
            onChange={(event) => setKind(event.target.value as RenewalKind)}
            aria-invalid={fields.qualification ? true : undefined}
          >
            {renewalKinds.map((value) => (
              <option key={value} value={value}>
                {kindLabels[value]}
              </option>
            ))}
          </NativeSelect>
          <FieldError message={fields.qualification} />
        </div>
      )}
      {types.length > 1 && (
        <div className="space-y-2">
          <Label htmlFor="renewal-type">{d.renewalType}</Label>
          <NativeSelect
            id="renewal-type"
            className="h-11"
            value={documentType}
            onChange={(event) => setDocumentType(event.target.value)}
          >
            {types.map((type) => (
              <option key={type} value={type}>
                {typeLabels[type] ?? type}
              </option>
            ))}
          </NativeSelect>
          <FieldError message={fields.document_type} />
        </div>
      )}
      {types.length === 1 && <FieldError message={fields.document_type} />}
      <FormField
        id="renewal-name"
        name="name"
        label={d.renewalName}
        className="[&_input]:h-11"
        required
        defaultValue={prefill?.name}
        error={fields.name}
      />
      <FormField
        id="renewal-expiration"
        name="expiration_date"
        type="date"
        label={d.renewalExpiration}
        className="[&_input]:h-11"
        // The new expiry is what a CDL or medical card renewal brings to its qualification item.
        required={renewsQualification}
        error={fields.expiration_date}
      />
      <div className="space-y-2">
        <Label htmlFor="renewal-note">{d.renewalNote}</Label>
        <Textarea id="renewal-note" name="note" rows={2} />
        <FieldError message={fields.note} />
      </div>
      <div className="space-y-2">
        <Label htmlFor="renewal-file">{d.renewalFile}</Label>
        <Input
          id="renewal-file"
          name="file"
          type="file"
          accept="image/*,application/pdf"
          capture="environment"
          required
          className="h-auto min-h-11"
          aria-invalid={fields.file ? true : undefined}
        />
        <FieldError message={fields.file} />
      </div>
      {submit.isError && <Alert>{errorMessage(submit.error)}</Alert>}
      <Button type="submit" size="lg" className="w-full" disabled={submit.isPending}>
        {d.renewalSubmit}
      </Button>
    </form>
  )
}

function FieldError({ message }: { message?: string }) {
  return message ? <p className="text-sm text-destructive">{message}</p> : null
}
