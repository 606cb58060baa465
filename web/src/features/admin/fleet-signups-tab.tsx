import { useState } from 'react'
import { toast } from 'sonner'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog'
import { usePagedList } from '@/components/data-list/use-paged-list'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table'
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
      >
        {(signups) => (
          <Table className="min-w-[960px]">
            <TableHeader>
              <TableRow>
                <TableHead>{c.company}</TableHead>
                <TableHead>{c.contact}</TableHead>
                <TableHead>{c.created}</TableHead>
                <TableHead>{c.status}</TableHead>
                <TableHead>{t.subscription}</TableHead>
                <TableHead>{c.actions}</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {signups.map((signup) => (
                <SignupRow
                  key={signup.id}
                  signup={signup}
                  busy={createFleet.isPending}
                  onCreate={(withUser) => setPending({ signup, withUser })}
                />
              ))}
            </TableBody>
          </Table>
        )}
      </AdminList>
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

function SignupRow({
  signup,
  busy,
  onCreate,
}: {
  signup: SignupItem
  busy: boolean
  onCreate: (withUser: boolean) => void
}) {
  const badge = signupBadge(signup)
  const contactName = personName(signup.first_name, signup.last_name)
  return (
    <TableRow>
      <TableCell>
        <div className="font-medium">{signup.legal_name}</div>
        {signup.dba_name && signup.dba_name !== signup.legal_name && (
          <div className="text-xs text-muted-foreground">{signup.dba_name}</div>
        )}
        <div className="text-xs text-muted-foreground">{format(t.dotLabel, { dot: signup.dot_number })}</div>
      </TableCell>
      <TableCell>
        {contactName && <div>{contactName}</div>}
        {signup.email && (
          <div className="max-w-[16rem] truncate text-xs text-muted-foreground" title={signup.email}>
            {signup.email}
          </div>
        )}
        {signup.contact_phone && <div className="text-xs text-muted-foreground">{signup.contact_phone}</div>}
      </TableCell>
      <TableCell className="whitespace-nowrap">{formatDate(signup.created_at)}</TableCell>
      <TableCell>
        <Badge variant={badge.variant} className="whitespace-nowrap">
          {badge.label}
        </Badge>
      </TableCell>
      <TableCell>
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
      </TableCell>
      <TableCell>
        <div className="flex flex-wrap gap-2">
          <Button size="sm" disabled={busy || signup.completed || !signup.email} onClick={() => onCreate(true)}>
            {t.createUserAndFleet}
          </Button>
          <Button size="sm" variant="outline" disabled={busy || signup.completed} onClick={() => onCreate(false)}>
            {t.createFleetOnly}
          </Button>
        </div>
      </TableCell>
    </TableRow>
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
