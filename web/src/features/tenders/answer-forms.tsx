import { useId, useState, type FormEvent } from 'react'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Checkbox } from '@/components/ui/checkbox'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { Textarea } from '@/components/ui/textarea'
import { ApiError } from '@/lib/api-client'
import { centsToDollars } from '@/lib/dollars'
import { texts } from '@/lib/texts'
import type { AcceptInput, CounterInput, TermsView } from './api/types'
import { invalid } from './display'
import { Field } from './parts'
import { counterInputOf, type FieldErrors } from './tender-form-model'

const t = texts.tenderScreens.fleet

/** The server's refusal: its field messages by field, the rest as one message. */
function refusal(error: unknown): { fields: FieldErrors; message: string | null } {
  if (!error) return { fields: {}, message: null }
  if (error instanceof ApiError) {
    const fields = { ...error.fields }
    return { fields, message: Object.keys(fields).length > 0 ? null : error.message }
  }
  return { fields: {}, message: texts.errors.generic }
}

/** Whether the server refused an accept because the truck (or fleet) is committed: an override reason is needed. */
const needsOverride = (error: unknown) => error instanceof ApiError && error.code === 'truck_committed'

export interface AcceptFormProps {
  defaultName: string
  /** The broker's ask, else the fleet's default (true). */
  defaultShare: boolean
  /** The overbooking rule's finding before accepting: the override field shows. */
  committed: string | null
  pending: boolean
  error: unknown
  onSubmit: (input: AcceptInput) => void
  onCancel?: () => void
}

/** Accept: who signs the rate confirmation, position sharing and, when the truck is committed, the override. */
export function AcceptForm({ defaultName, defaultShare, committed, pending, error, onSubmit, onCancel }: AcceptFormProps) {
  const id = useId()
  const [name, setName] = useState(defaultName)
  const [title, setTitle] = useState('')
  const [share, setShare] = useState(defaultShare)
  const [override, setOverride] = useState('')
  const [local, setLocal] = useState<FieldErrors>({})
  const server = refusal(error)
  const showOverride = committed !== null || needsOverride(error)
  const errors: FieldErrors = { ...server.fields, ...local }

  const submit = (event: FormEvent) => {
    event.preventDefault()
    event.stopPropagation()
    const next: FieldErrors = {}
    if (!name.trim()) next.acceptor_name = texts.tenders.acceptorNameRequired
    if (!title.trim()) next.acceptor_title = texts.tenders.acceptorTitleRequired
    if (showOverride && !override.trim()) next.override_reason = t.overrideRequired
    setLocal(next)
    if (Object.keys(next).length > 0) return
    onSubmit({
      acceptor_name: name.trim(),
      acceptor_title: title.trim(),
      share_position: share,
      override_reason: showOverride ? override.trim() : null,
    })
  }

  return (
    <form className="space-y-4" onSubmit={submit} noValidate aria-label={t.acceptTitle}>
      <h3 className="font-semibold">{t.acceptTitle}</h3>
      {server.message && <Alert>{server.message}</Alert>}
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id={`${id}-name`} label={t.acceptorName} error={errors.acceptor_name}>
          <Input
            id={`${id}-name`}
            autoComplete="name"
            value={name}
            onChange={(event) => setName(event.target.value)}
            {...invalid(`${id}-name`, errors.acceptor_name)}
          />
        </Field>
        <Field id={`${id}-title`} label={t.acceptorTitle} error={errors.acceptor_title}>
          <Input
            id={`${id}-title`}
            autoComplete="organization-title"
            value={title}
            onChange={(event) => setTitle(event.target.value)}
            {...invalid(`${id}-title`, errors.acceptor_title)}
          />
        </Field>
      </div>
      <div className="flex items-start gap-2">
        <Checkbox id={`${id}-share`} checked={share} onCheckedChange={(value) => setShare(value === true)} />
        <Label htmlFor={`${id}-share`} className="leading-5 font-normal">
          {t.sharePosition}
        </Label>
      </div>
      {showOverride && (
        <Field id={`${id}-override`} label={t.overrideReason} error={errors.override_reason}>
          <Textarea
            id={`${id}-override`}
            className="min-h-20"
            value={override}
            onChange={(event) => setOverride(event.target.value)}
            {...invalid(`${id}-override`, errors.override_reason)}
          />
        </Field>
      )}
      <div className="flex flex-wrap justify-end gap-2">
        {onCancel && (
          <Button variant="outline" onClick={onCancel}>
            {texts.tenderScreens.cancel}
          </Button>
        )}
        <Button type="submit" disabled={pending}>
          {t.acceptSubmit}
        </Button>
      </div>
    </form>
  )
}

export interface DeclineFormProps {
  pending: boolean
  error: unknown
  onSubmit: (reason: string) => void
  onCancel?: () => void
}

/** Decline, with the reason the broker reads. */
export function DeclineForm({ pending, error, onSubmit, onCancel }: DeclineFormProps) {
  const id = useId()
  const [reason, setReason] = useState('')
  const [missing, setMissing] = useState(false)
  const server = refusal(error)
  const message = missing ? texts.tenders.declineReasonRequired : server.fields.reason
  return (
    <form
      className="space-y-4"
      noValidate
      aria-label={t.declineTitle}
      onSubmit={(event) => {
        event.preventDefault()
        event.stopPropagation()
        if (!reason.trim()) {
          setMissing(true)
          return
        }
        setMissing(false)
        onSubmit(reason.trim())
      }}
    >
      <h3 className="font-semibold">{t.declineTitle}</h3>
      {server.message && <Alert>{server.message}</Alert>}
      <Field id={`${id}-reason`} label={t.declineReason} error={message}>
        <Textarea
          id={`${id}-reason`}
          className="min-h-20"
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          {...invalid(`${id}-reason`, message)}
        />
      </Field>
      <div className="flex flex-wrap justify-end gap-2">
        {onCancel && (
          <Button variant="outline" onClick={onCancel}>
            {texts.tenderScreens.cancel}
          </Button>
        )}
        <Button type="submit" variant="destructive" disabled={pending}>
          {t.declineSubmit}
        </Button>
      </div>
    </form>
  )
}

export interface CounterFormProps {
  terms: TermsView
  pending: boolean
  error: unknown
  onSubmit: (input: CounterInput) => void
  onCancel?: () => void
}

/** Counter: new linehaul and fuel, and a note; the other terms stay. */
export function CounterForm({ terms, pending, error, onSubmit, onCancel }: CounterFormProps) {
  const id = useId()
  const f = texts.loads.screens.form
  const [values, setValues] = useState({
    linehaul: centsToDollars(terms.linehaul_cents),
    fuel: centsToDollars(terms.fuel_surcharge_cents),
    note: '',
  })
  const [local, setLocal] = useState<FieldErrors>({})
  const server = refusal(error)
  const errors: FieldErrors = {
    linehaul: server.fields.linehaul_cents,
    fuel: server.fields.fuel_surcharge_cents,
    note: server.fields.note,
    ...local,
  }
  const set = (name: keyof typeof values) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [name]: event.target.value }))
  return (
    <form
      className="space-y-4"
      noValidate
      aria-label={t.counterTitle}
      onSubmit={(event) => {
        event.preventDefault()
        event.stopPropagation()
        const parsed = counterInputOf(terms, values)
        setLocal(parsed.ok ? {} : parsed.errors)
        if (parsed.ok) onSubmit(parsed.input)
      }}
    >
      <h3 className="font-semibold">{t.counterTitle}</h3>
      {server.message && <Alert>{server.message}</Alert>}
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id={`${id}-linehaul`} label={f.linehaul} error={errors.linehaul}>
          <Input
            id={`${id}-linehaul`}
            inputMode="decimal"
            value={values.linehaul}
            onChange={set('linehaul')}
            {...invalid(`${id}-linehaul`, errors.linehaul)}
          />
        </Field>
        <Field id={`${id}-fuel`} label={f.fuelSurcharge} error={errors.fuel}>
          <Input
            id={`${id}-fuel`}
            inputMode="decimal"
            value={values.fuel}
            onChange={set('fuel')}
            {...invalid(`${id}-fuel`, errors.fuel)}
          />
        </Field>
      </div>
      <Field id={`${id}-note`} label={t.counterNote} error={errors.note}>
        <Textarea id={`${id}-note`} className="min-h-20" value={values.note} onChange={set('note')} />
      </Field>
      <div className="flex flex-wrap justify-end gap-2">
        {onCancel && (
          <Button variant="outline" onClick={onCancel}>
            {texts.tenderScreens.cancel}
          </Button>
        )}
        <Button type="submit" disabled={pending}>
          {t.counterSubmit}
        </Button>
      </div>
    </form>
  )
}
