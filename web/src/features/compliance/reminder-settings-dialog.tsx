import { useId, useState, type FormEvent } from 'react'
import { toast } from '@/lib/toast'
import { LoadError } from '@/components/load-error'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Checkbox } from '@/components/ui/checkbox'
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog'
import { Label } from '@/components/ui/label'
import { Spinner } from '@/components/ui/spinner'
import { ApiError } from '@/lib/api-client'
import { texts } from '@/lib/texts'
import type { ComplianceSettings } from './api/calendar-api'
import { useComplianceSettings, useSaveSettings } from './api/calendar-queries'
import { thresholdLabel } from './due-dates'
import { ButtonSpinner } from './item-parts'

const s = texts.compliance.reminders

export interface DialogProps {
  open: boolean
  onOpenChange: (open: boolean) => void
}

/** 'Reminder settings': the days before a date at which reminders go out, and who receives them. */
export function ReminderSettingsDialog({ open, onOpenChange }: DialogProps) {
  const query = useComplianceSettings(open)
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto">
        <div className="space-y-1 pr-6">
          <DialogTitle>{s.title}</DialogTitle>
          <DialogDescription>{s.description}</DialogDescription>
        </div>
        {query.isError && !query.data ? (
          <LoadError
            title={s.loadFailed}
            message={query.error.message}
            retryLabel={texts.compliance.list.retry}
            onRetry={() => void query.refetch()}
          />
        ) : query.isPending || query.isFetching ? (
          // The form starts from what the server has now (another admin may have changed it).
          <div className="flex justify-center py-6">
            <Spinner label={texts.compliance.list.loading} />
          </div>
        ) : (
          <ReminderSettingsForm settings={query.data} onDone={() => onOpenChange(false)} />
        )}
      </DialogContent>
    </Dialog>
  )
}

const toggled = <T,>(values: T[], value: T, on: boolean) =>
  on ? (values.includes(value) ? values : [...values, value]) : values.filter((v) => v !== value)

type FieldErrors = Partial<Record<'thresholds' | 'recipients' | 'root', string>>

/**
 * Two groups of checkboxes and no rule to check before the server's: plain
 * state, not react-hook-form. Its Controller, which Radix checkboxes would
 * need, would land in the chunk the signup pages share and push them over
 * their budget (scripts/check-bundle.mjs).
 */
function ReminderSettingsForm({ settings, onDone }: { settings: ComplianceSettings; onDone: () => void }) {
  const id = useId()
  const save = useSaveSettings()
  const [thresholds, setThresholds] = useState(settings.thresholds)
  const [recipients, setRecipients] = useState(() =>
    settings.recipients.filter((recipient) => recipient.selected).map((recipient) => recipient.id),
  )
  const [errors, setErrors] = useState<FieldErrors>({})

  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    if (save.isPending) return
    setErrors({})
    const order = settings.available_thresholds
    save.mutate(
      { thresholds: [...thresholds].sort((a, b) => order.indexOf(a) - order.indexOf(b)), recipients },
      {
        onSuccess: () => {
          toast.success(s.saved)
          onDone()
        },
        onError: (error) => {
          const fields = error instanceof ApiError && error.status === 422 ? error.fields : {}
          const next: FieldErrors = { thresholds: fields.thresholds, recipients: fields.recipients }
          const shown = Boolean(next.thresholds || next.recipients)
          if (!shown) next.root = error.message
          setErrors(next)
          toast.error(s.saveFailed, { description: shown ? undefined : error.message })
        },
      },
    )
  }

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-6">
      <fieldset
        className="space-y-3"
        aria-invalid={errors.thresholds ? true : undefined}
        aria-describedby={errors.thresholds ? `${id}-thresholds-error` : undefined}
      >
        <legend className="mb-2 text-sm font-semibold text-ink">{s.thresholdsLegend}</legend>
        <div className="grid gap-3 sm:grid-cols-2">
          {settings.available_thresholds.map((days) => (
            <div key={days} className="flex items-center gap-2">
              <Checkbox
                id={`${id}-threshold-${days}`}
                checked={thresholds.includes(days)}
                onCheckedChange={(on) => setThresholds((current) => toggled(current, days, on === true))}
              />
              <Label htmlFor={`${id}-threshold-${days}`} className="font-normal">
                {thresholdLabel(days)}
              </Label>
            </div>
          ))}
        </div>
        {thresholds.length === 0 && (
          <p className="text-sm text-muted-foreground" data-testid="no-thresholds">
            {s.noThresholds}
          </p>
        )}
        {errors.thresholds && (
          <p id={`${id}-thresholds-error`} className="text-sm text-destructive">
            {errors.thresholds}
          </p>
        )}
      </fieldset>
      <fieldset
        className="space-y-3"
        aria-invalid={errors.recipients ? true : undefined}
        aria-describedby={[`${id}-recipients-help`, errors.recipients ? `${id}-recipients-error` : '']
          .filter(Boolean)
          .join(' ')}
      >
        <legend className="mb-1 text-sm font-semibold text-ink">{s.recipientsLegend}</legend>
        <p id={`${id}-recipients-help`} className="text-sm text-muted-foreground">
          {s.recipientsHelp}
        </p>
        {settings.recipients.length === 0 ? (
          <p className="text-sm text-muted-foreground">{s.noAdmins}</p>
        ) : (
          <ul className="max-h-60 space-y-3 overflow-y-auto">
            {settings.recipients.map((recipient) => (
              <li key={recipient.id} className="flex items-start gap-2">
                <Checkbox
                  id={`${id}-recipient-${recipient.id}`}
                  className="mt-0.5"
                  checked={recipients.includes(recipient.id)}
                  onCheckedChange={(on) => setRecipients((current) => toggled(current, recipient.id, on === true))}
                  aria-describedby={`${id}-recipient-${recipient.id}-email`}
                />
                <div className="min-w-0">
                  <Label htmlFor={`${id}-recipient-${recipient.id}`} className="font-normal break-words">
                    {recipient.name}
                  </Label>
                  <p id={`${id}-recipient-${recipient.id}-email`} className="text-xs break-all text-muted-foreground">
                    {recipient.email}
                  </p>
                </div>
              </li>
            ))}
          </ul>
        )}
        {errors.recipients && (
          <p id={`${id}-recipients-error`} className="text-sm text-destructive">
            {errors.recipients}
          </p>
        )}
      </fieldset>
      {errors.root && <Alert>{errors.root}</Alert>}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onDone} disabled={save.isPending}>
          {s.cancel}
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending && <ButtonSpinner />}
          {save.isPending ? s.saving : s.save}
        </Button>
      </div>
    </form>
  )
}
