import * as z from 'zod/mini'
import { texts } from '@/lib/texts'
import type { QualificationInput, QualificationView } from './api/qualifications-api'

const q = texts.compliance

/** The five kinds, in the order the server lists them. */
export const QUALIFICATION_KINDS = ['cdl', 'medical', 'mvr', 'clearinghouse', 'drug_test'] as const
export type QualificationKind = (typeof QUALIFICATION_KINDS)[number]

export const CDL_CLASSES = ['A', 'B', 'C'] as const

function isKind(kind: string): kind is QualificationKind {
  return (QUALIFICATION_KINDS as readonly string[]).includes(kind)
}

export function kindLabel(view: Pick<QualificationView, 'kind' | 'label'>): string {
  return isKind(view.kind) ? q.qualificationKinds[view.kind] : view.label
}

/** CDL and medical card are kept by their expiry; the annual checks and the drug test by the date done. */
export function keptByExpiry(kind: string): boolean {
  return kind === 'cdl' || kind === 'medical'
}

/** Only the CDL has a number, a state and a class. */
export function hasLicenseFields(kind: string): boolean {
  return kind === 'cdl'
}

/** MVR review and Clearinghouse query fall due 12 months after they were done (the server computes it). */
export function dueFromDoneOn(kind: string): boolean {
  return kind === 'mvr' || kind === 'clearinghouse'
}

export type QualificationStatus = 'overdue' | 'next30' | 'ok' | 'notRecorded'

/** Red when overdue, amber within 30 days, else green; an item never recorded has no status. */
export function qualificationStatus(view: QualificationView): QualificationStatus {
  if (!view.recorded) return 'notRecorded'
  if (view.group === 'overdue') return 'overdue'
  if (view.group === 'next30') return 'next30'
  return 'ok'
}

const text = z.string().check(z.trim())

/** The edit dialog's fields; `date` is the expiry or the date done, by kind. */
export function qualificationSchema(kind: string) {
  return z
    .object({ number: text, state: text, class: text, date: text })
    .check(
      z.refine((values) => values.date.length > 0, {
        message: keptByExpiry(kind) ? q.qualificationNeedsExpiry : q.qualificationNeedsDoneOn,
        path: ['date'],
      }),
    )
}

export type QualificationValues = z.infer<ReturnType<typeof qualificationSchema>>

export function qualificationValues(view: QualificationView, license?: { number?: string | null; state?: string | null }): QualificationValues {
  return {
    // A CDL not recorded yet starts from the license on the driver's profile.
    number: view.number ?? (view.recorded ? '' : (license?.number ?? '')),
    state: view.state ?? (view.recorded ? '' : (license?.state ?? '')),
    class: view.class ?? '',
    date: (keptByExpiry(view.kind) ? view.expires_on : view.done_on) ?? '',
  }
}

const orNull = (value: string) => (value === '' ? null : value)

/** The PUT body: only the fields the kind has, empty ones as null. */
export function toQualificationInput(kind: string, values: QualificationValues, documentId: string | null): QualificationInput {
  return {
    ...(hasLicenseFields(kind)
      ? { number: orNull(values.number), state: orNull(values.state.toUpperCase()), class: orNull(values.class) }
      : {}),
    ...(keptByExpiry(kind) ? { expires_on: values.date } : { done_on: values.date }),
    document_id: documentId,
  }
}

/** The server's field names → the dialog's. */
export function formFieldOf(serverField: string): keyof QualificationValues | null {
  if (serverField === 'expires_on' || serverField === 'done_on') return 'date'
  if (serverField === 'number' || serverField === 'state' || serverField === 'class') return serverField
  return null
}
