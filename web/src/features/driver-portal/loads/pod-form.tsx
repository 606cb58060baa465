import { useId, useRef, useState } from 'react'
import { Camera, Trash2 } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { FormField } from '@/components/ui/form-field'
import { Label } from '@/components/ui/label'
import { NativeSelect } from '@/components/ui/native-select'
import { texts } from '@/lib/texts'
import { dollarsToCents, type DocumentKind, type DocumentsToSend } from './documents-to-send'

const t = texts.portalLoads

const ACCEPT = 'image/*,application/pdf'

/** The files a driver picked, each removable before sending. */
function FileList({ files, onRemove }: { files: File[]; onRemove: (i: number) => void }) {
  if (!files.length) return null
  return (
    <ul className="space-y-1 text-sm">
      {files.map((file, i) => (
        <li key={`${file.name}-${i}`} className="flex items-center justify-between gap-2 rounded bg-muted px-2 py-1">
          <span className="min-w-0 truncate">{file.name}</span>
          <Button type="button" variant="ghost" size="icon" aria-label={`Remove ${file.name}`} onClick={() => onRemove(i)}>
            <Trash2 className="h-4 w-4" aria-hidden />
          </Button>
        </li>
      ))}
    </ul>
  )
}

function PickFiles({ id, label, multiple, onPick }: { id: string; label: string; multiple: boolean; onPick: (files: File[]) => void }) {
  const input = useRef<HTMLInputElement>(null)
  return (
    <>
      <input
        ref={input}
        id={id}
        type="file"
        accept={ACCEPT}
        multiple={multiple}
        className="sr-only"
        aria-label={label}
        onChange={(e) => {
          onPick(Array.from(e.target.files ?? []))
          e.target.value = ''
        }}
      />
      <Button type="button" variant="outline" size="lg" className="w-full" onClick={() => input.current?.click()}>
        <Camera className="h-4 w-4" aria-hidden />
        {label}
      </Button>
    </>
  )
}

/** At a delivery: the signed BOL/POD (pages) and who signed. */
export function PodForm({ onSend, busy }: { onSend: (docs: DocumentsToSend) => Promise<void>; busy: boolean }) {
  const id = useId()
  const [files, setFiles] = useState<File[]>([])
  const [receiver, setReceiver] = useState('')
  const [errors, setErrors] = useState<{ files?: string; receiver?: string }>({})
  const submit = async () => {
    const next = {
      files: files.length ? undefined : t.podFilesRequired,
      receiver: receiver.trim() ? undefined : t.receiverNameRequired,
    }
    setErrors(next)
    if (next.files || next.receiver) return
    await onSend({ kind: 'pod', files, receiverName: receiver.trim() })
    setFiles([])
    setReceiver('')
  }
  return (
    <form
      className="space-y-3 rounded-lg border border-dashed border-border p-3"
      aria-label={t.pod}
      onSubmit={(e) => {
        e.preventDefault()
        void submit()
      }}
    >
      <p className="font-semibold">{t.pod}</p>
      <p className="text-sm text-muted-foreground">{t.podHelp}</p>
      <PickFiles id={`${id}-pages`} label={t.podAddPages} multiple onPick={(picked) => setFiles((f) => [...f, ...picked])} />
      <FileList files={files} onRemove={(i) => setFiles((f) => f.filter((_, j) => j !== i))} />
      {errors.files && <p className="text-sm text-destructive">{errors.files}</p>}
      <FormField
        id={`${id}-receiver`}
        label={t.receiverName}
        value={receiver}
        maxLength={200}
        autoComplete="off"
        onChange={(e) => setReceiver(e.target.value)}
        error={errors.receiver}
      />
      <Button type="submit" size="lg" className="w-full" disabled={busy}>
        {busy ? t.preparingPhotos : t.podSend}
      </Button>
    </form>
  )
}

/** A lumper or scale receipt with its amount. */
export function ReceiptForm({ onSend, busy }: { onSend: (docs: DocumentsToSend) => Promise<void>; busy: boolean }) {
  const id = useId()
  const [kind, setKind] = useState<DocumentKind>('lumper_receipt')
  const [amount, setAmount] = useState('')
  const [file, setFile] = useState<File | null>(null)
  const [errors, setErrors] = useState<{ file?: string; amount?: string }>({})
  const submit = async () => {
    const cents = dollarsToCents(amount)
    const next = { file: file ? undefined : t.receiptFileRequired, amount: cents === null ? t.receiptAmountInvalid : undefined }
    setErrors(next)
    if (!file || cents === null) return
    await onSend({ kind, files: [file], amountCents: cents })
    setFile(null)
    setAmount('')
  }
  return (
    <form
      className="space-y-3 rounded-lg border border-dashed border-border p-3"
      aria-label={t.receipts}
      onSubmit={(e) => {
        e.preventDefault()
        void submit()
      }}
    >
      <p className="font-semibold">{t.receipts}</p>
      <div className="space-y-2">
        <Label htmlFor={`${id}-kind`}>{t.receiptKind}</Label>
        <NativeSelect id={`${id}-kind`} value={kind} onChange={(e) => setKind(e.target.value as DocumentKind)}>
          <option value="lumper_receipt">{t.lumperReceipt}</option>
          <option value="scale_receipt">{t.scaleReceipt}</option>
        </NativeSelect>
      </div>
      <FormField
        id={`${id}-amount`}
        label={t.receiptAmount}
        inputMode="decimal"
        value={amount}
        onChange={(e) => setAmount(e.target.value)}
        error={errors.amount}
      />
      <PickFiles id={`${id}-file`} label={t.receiptFile} multiple={false} onPick={(picked) => setFile(picked[0] ?? null)} />
      {file && <FileList files={[file]} onRemove={() => setFile(null)} />}
      {errors.file && <p className="text-sm text-destructive">{errors.file}</p>}
      <Button type="submit" variant="outline" size="lg" className="w-full" disabled={busy}>
        {t.receiptSend}
      </Button>
    </form>
  )
}
