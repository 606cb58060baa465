import { useState } from 'react'
import { toast } from '@/lib/toast'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog'
import { usePagedList } from '@/components/data-list/use-paged-list'
import type { DataColumn } from '@/components/data-list/data-table'
import { ApiError } from '@/lib/api-client'
import type { components } from '@/lib/api-types'
import { format, texts } from '@/lib/texts'
import { personName } from '@/lib/user'
import { PAGE_SIZE } from './api/admin-api'
import { useCreateFleet, useSignupsPage } from './api/admin-queries'
import { AdminList } from './admin-list'
import { formatDate } from './format'
import { signupBadge } from './signup-badge'

type SignupItem = components['schemas']['SignupItem']

const t = texts.admin
const c = t.columns

interface PendingCreate {
  signup: SignupItem
  withUser: boolean
}

/** Fleet Signups tab: newest first, with the actions that turn a signup into a fleet account. */
export function FleetSignupsTab() {
  const list = usePagedList({ pageSize: PAGE_SIZE })
  const query = useSignupsPage(list.params)
  const createFleet = useCreateFleet()
  const [pending, setPending] = useState<PendingCreate | null>(null)

  const confirm = () => {
    if (!pending) return
    const { signup, withUser } = pending
    createFleet.mutate(
      { signupId: signup.id, withUser },
      {
        onSuccess: () => {
          toast.success(t.fleetAccountCreated, {
            description: format(t.fleetAccountCreatedDescription, { name: signup.legal_name }),
          })
        },
        onError: (error) => reportCreateError(error, withUser),
        onSettled: () => setPending(null),
      },
    )
  }

  return (
    <>
      <AdminList
        query={query}
        list={list}
        searchLabel={t.signupsSearch}
        loadFailed={t.loadSignupsFailed}
        emptyText={t.noSignups}
        tableClassName="min-w-[960px]"
        columns={signupColumns(createFleet.isPending, (signup, withUser) => setPending({ signup, withUser }))}
        rows={{ key: (signup) => signup.id }}
      />
      <Dialog
        open={pending !== null}
        onOpenChange={(open) => {
          if (!open && !createFleet.isPending) setPending(null)
        }}
      >
        {pending && (
          <DialogContent>
            <DialogTitle>
              {pending.withUser ? t.confirmCreateUserAndFleetTitle : t.confirmCreateFleetOnlyTitle}
            </DialogTitle>
            <DialogDescription>
              {format(pending.withUser ? t.confirmCreateUserAndFleet : t.confirmCreateFleetOnly, {
                name: pending.signup.legal_name,
                dot: pending.signup.dot_number,
                email: pending.signup.email ?? '',
              })}
            </DialogDescription>
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Button variant="outline" disabled={createFleet.isPending} onClick={() => setPending(null)}>
                {t.cancel}
              </Button>
              <Button disabled={createFleet.isPending} onClick={confirm}>
                {createFleet.isPending
                  ? t.creating
                  : pending.withUser
                    ? t.createUserAndFleet
                    : t.createFleetOnly}
              </Button>
            </div>
          </DialogContent>
        )}
      </Dialog>
    </>
  )
}

/** The columns of a signup: on a phone's card, the company, its status badge, the contact and the create buttons. */
function signupColumns(busy: boolean, onCreate: (signup: SignupItem, withUser: boolean) => void): DataColumn<SignupItem>[] {
  return [
    {
      id: 'company',
      header: c.company,
      card: 'title',
      cell: (signup) => (
        <>
          <div className="font-medium">{signup.legal_name}</div>
          {signup.dba_name && signup.dba_name !== signup.legal_name && (
            <div className="text-xs font-normal text-muted-foreground">{signup.dba_name}</div>
          )}
          <div className="text-xs font-normal text-muted-foreground">{format(t.dotLabel, { dot: signup.dot_number })}</div>
        </>
      ),
    },
    { id: 'contact', header: c.contact, cell: (signup) => <SignupContact signup={signup} /> },
    { id: 'created', header: c.created, className: 'whitespace-nowrap', cell: (signup) => formatDate(signup.created_at) },
    {
      id: 'status',
      header: c.status,
      card: 'status',
      cell: (signup) => {
        const badge = signupBadge(signup)
        return (
          <Badge variant={badge.variant} className="whitespace-nowrap">
            {badge.label}
          </Badge>
        )
      },
    },
    {
      id: 'subscription',
      header: t.subscription,
      cell: (signup) => (
        <>
          {signup.subscription_status ? (
            <Badge variant={signup.subscription_status === 'active' ? 'success' : 'outline'}>
              {signup.subscription_status}
            </Badge>
          ) : (
            <Badge variant="secondary" className="whitespace-nowrap">
              {t.noSubscription}
            </Badge>
          )}
          {signup.band_review && (
            <p className="mt-1 max-w-56 text-xs text-amber-700">
              <span className="font-medium">{t.bandReview}</span> {signup.band_review}
            </p>
          )}
        </>
      ),
    },
    {
      id: 'actions',
      header: c.actions,
      card: 'action',
      cell: (signup) => (
        <div className="flex flex-wrap gap-2">
          <Button size="sm" disabled={busy || signup.completed || !signup.email} onClick={() => onCreate(signup, true)}>
            {t.createUserAndFleet}
          </Button>
          <Button size="sm" variant="outline" disabled={busy || signup.completed} onClick={() => onCreate(signup, false)}>
            {t.createFleetOnly}
          </Button>
        </div>
      ),
    },
  ]
}

function SignupContact({ signup }: { signup: SignupItem }) {
  const contactName = personName(signup.first_name, signup.last_name)
  return (
    <>
      {contactName && <div>{contactName}</div>}
      {signup.email && (
        <div className="max-w-[16rem] truncate text-xs text-muted-foreground" title={signup.email}>
          {signup.email}
        </div>
      )}
      {signup.contact_phone && <div className="text-xs text-muted-foreground">{signup.contact_phone}</div>}
    </>
  )
}

function withoutPrefix(text: string, prefix: string): string {
  return text.startsWith(prefix) ? text.slice(prefix.length) : text
}

/** Toasts for a failed fleet creation, by error code (spec §8 "Administration"). */
function reportCreateError(error: Error, withUser: boolean): void {
  const code = error instanceof ApiError ? error.code : null
  switch (code) {
    case 'fleet_exists':
      // The server's message is the spec's whole text ('Fleet Already Exists: …');
      // the title already says the first half.
      toast.error(t.fleetAlreadyExistsTitle, { description: withoutPrefix(error.message, `${t.fleetAlreadyExistsTitle}: `) })
      return
    case 'user_exists':
      toast.error(t.userExistsTitle, { description: error.message })
      return
    case 'fleet_admin_exists':
      toast.info(error.message || t.fleetAdminExists)
      return
    default:
      toast.error(withUser ? t.createUserAndFleetFailed : t.createFleetFailed, { description: error.message })
  }
}
