import { useState } from 'react'
import { toast } from '@/lib/toast'
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
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs'
import { ApiError } from '@/lib/api-client'
import { cn } from '@/lib/cn'
import { specToast } from '@/lib/spec-toast'
import { format, texts } from '@/lib/texts'
import { useTabParam } from '@/lib/use-tab-param'
import { usePostings, useWithdrawPosting } from './api/postings-queries'
import type { Posting } from './api/types'
import { PostingDialog } from './posting-dialog'
import {
  agoText,
  destinationsText,
  equipmentText,
  rateText,
  sourceText,
  statusLabel,
  statusTone,
  windowText,
} from './posting-display'
import { useReturnFocus } from './use-return-focus'

const b = texts.board
const p = texts.board.postings

const TABS = ['active', 'ended'] as const
type Tab = (typeof TABS)[number]

/** The dialog as it is open: posting a truck (no posting) or editing one. */
type DialogState = { posting: Posting | null } | null

/** /fleet-dashboard/postings: the fleet's Truck Board postings, active or ended (issue 15). */
export function MyPostingsPage() {
  const [tab, setTab] = useTabParam(TABS)
  const [dialog, setDialog] = useState<DialogState>(null)
  const [withdrawing, setWithdrawing] = useState<Posting | null>(null)

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 space-y-1">
          <h1 className="text-2xl font-bold tracking-tight text-ink">{b.myPostings}</h1>
          <p className="text-muted-foreground">{p.subtitle}</p>
        </div>
        <Button onClick={() => setDialog({ posting: null })}>{b.postButton}</Button>
      </div>
      <Tabs value={tab} onValueChange={setTab}>
        <TabsList aria-label={p.tabsLabel}>
          {TABS.map((value) => (
            <TabsTrigger key={value} value={value}>
              {p[value]}
            </TabsTrigger>
          ))}
        </TabsList>
        {TABS.map((value) => (
          <TabsContent key={value} value={value}>
            <PostingsList
              status={value}
              onEdit={(posting) => setDialog({ posting })}
              onWithdraw={setWithdrawing}
            />
          </TabsContent>
        ))}
      </Tabs>
      <PostingDialog
        open={dialog !== null}
        onOpenChange={(open) => {
          if (!open) setDialog(null)
        }}
        posting={dialog?.posting ?? null}
      />
      <WithdrawDialog posting={withdrawing} onClose={() => setWithdrawing(null)} />
    </div>
  )
}

export default MyPostingsPage

interface PostingsListProps {
  status: Tab
  onEdit: (posting: Posting) => void
  onWithdraw: (posting: Posting) => void
}

// One table that turns into a card per posting below the xl breakpoint
// (where the side menu leaves too little room for its columns). The roles
// are explicit because a table whose rows are laid out as blocks loses its
// table semantics in some browsers.
const cell = cn(
  'px-3 py-3 align-top',
  'max-xl:flex max-xl:gap-3 max-xl:px-0 max-xl:py-1',
  'max-xl:before:w-28 max-xl:before:shrink-0 max-xl:before:text-muted-foreground max-xl:before:content-[attr(data-label)]',
)
const head = 'px-3 py-3 text-left text-xs font-semibold tracking-wide text-muted-foreground uppercase'

function PostingsList({ status, onEdit, onWithdraw }: PostingsListProps) {
  const query = usePostings(status)

  if (query.isPending) {
    return (
      <div className="flex justify-center py-10">
        <Spinner label={p.loading} />
      </div>
    )
  }
  if (query.isError) {
    return (
      <LoadError
        title={p.loadFailed}
        message={query.error.message}
        retryLabel={p.retry}
        onRetry={() => void query.refetch()}
      />
    )
  }
  const postings = query.data.postings
  if (postings.length === 0) {
    return (
      <p className="rounded-xl border border-border bg-white px-4 py-10 text-center text-sm text-muted-foreground shadow-sm">
        {status === 'active' ? b.postingsEmpty : p.endedEmpty}
      </p>
    )
  }

  return (
    <div className="min-w-0 xl:rounded-xl xl:border xl:border-border xl:bg-white xl:shadow-sm">
      <table role="table" className="w-full border-collapse text-sm max-xl:block" aria-label={b.myPostings}>
        <thead role="rowgroup" className="max-xl:sr-only">
          <tr role="row" className="border-b border-border">
            <th role="columnheader" className={head}>
              {texts.board.postForm.truck}
            </th>
            <th role="columnheader" className={head}>
              {p.origin}
            </th>
            <th role="columnheader" className={head}>
              {p.window}
            </th>
            <th role="columnheader" className={head}>
              {p.equipment}
            </th>
            <th role="columnheader" className={head}>
              {p.destinations}
            </th>
            <th role="columnheader" className={head}>
              {p.rate}
            </th>
            <th role="columnheader" className={head}>
              {p.posted}
            </th>
            <th role="columnheader" className={head}>
              {p.status}
            </th>
            <th role="columnheader" className={head}>
              <span className="sr-only">{p.actions}</span>
            </th>
          </tr>
        </thead>
        <tbody role="rowgroup" className="max-xl:block max-xl:space-y-3">
          {postings.map((posting) => (
            <PostingRow key={posting.id} posting={posting} onEdit={onEdit} onWithdraw={onWithdraw} />
          ))}
        </tbody>
      </table>
    </div>
  )
}

function PostingRow({ posting, onEdit, onWithdraw }: { posting: Posting } & Omit<PostingsListProps, 'status'>) {
  const active = posting.status === 'active'
  return (
    <tr
      role="row"
      data-testid="posting-row"
      className={cn(
        'border-b border-border last:border-b-0',
        'max-xl:block max-xl:min-w-0 max-xl:rounded-xl max-xl:border max-xl:bg-white max-xl:p-4 max-xl:shadow-sm max-xl:last:border-b',
      )}
    >
      <td role="cell" className={cn(cell, 'font-semibold break-words text-ink max-xl:text-base max-xl:before:hidden')}>
        {posting.truck_number}
      </td>
      <td role="cell" data-label={p.origin} className={cell}>
        <span className="min-w-0 break-words">
          <span className="block font-medium text-ink">{posting.origin.label}</span>
          <span className="block text-xs text-muted-foreground">{sourceText(posting)}</span>
        </span>
      </td>
      <td role="cell" data-label={p.window} className={cell}>
        <span className="min-w-0">{windowText(posting)}</span>
      </td>
      <td role="cell" data-label={p.equipment} className={cell}>
        <span className="min-w-0 break-words">{equipmentText(posting)}</span>
      </td>
      <td role="cell" data-label={p.destinations} className={cell}>
        <span className="min-w-0 break-words">{destinationsText(posting.destinations)}</span>
      </td>
      <td role="cell" data-label={p.rate} className={cn(cell, 'xl:whitespace-nowrap')}>
        {rateText(posting.rate_per_mile_cents)}
      </td>
      <td role="cell" data-label={p.posted} className={cell}>
        <span className="min-w-0">{agoText(posting.posted_at)}</span>
      </td>
      <td role="cell" className={cn(cell, 'max-xl:before:hidden')}>
        <Badge variant={statusTone[posting.status]}>{statusLabel(posting.status)}</Badge>
      </td>
      <td role="cell" className={cn(cell, 'max-xl:pt-3 max-xl:before:hidden')}>
        {active && (
          <div className="flex flex-wrap gap-2 xl:flex-col xl:items-stretch">
            <Button
              variant="outline"
              size="sm"
              aria-label={format(p.editTruck, { truck: posting.truck_number })}
              onClick={() => onEdit(posting)}
            >
              {p.edit}
            </Button>
            <Button
              variant="outline"
              size="sm"
              className="text-destructive!"
              aria-label={format(p.withdrawTruck, { truck: posting.truck_number })}
              onClick={() => onWithdraw(posting)}
            >
              {p.withdraw}
            </Button>
          </div>
        )}
      </td>
    </tr>
  )
}

/** The confirmation of Withdraw (a destructive action): the posting leaves the board. */
function WithdrawDialog({ posting, onClose }: { posting: Posting | null; onClose: () => void }) {
  const withdraw = useWithdrawPosting()
  const busy = withdraw.isPending
  const returnFocus = useReturnFocus()

  const confirm = () => {
    if (!posting) return
    withdraw.mutate(posting.id, {
      onSuccess: () => {
        specToast('success', b.withdrawn)
        onClose()
      },
      onError: (error) => {
        // A read-only fleet's refusal is toasted by the fleet shell for every write.
        if (error instanceof ApiError && error.code === 'read_only') return
        toast.error(p.withdrawFailed, { description: error.message })
        // An ended posting (409) cannot be withdrawn: the list shows its state again.
        if (error instanceof ApiError && error.status === 409) onClose()
      },
    })
  }

  return (
    <AlertDialog
      open={posting !== null}
      onOpenChange={(open) => {
        if (!open && !busy) onClose()
      }}
    >
      <AlertDialogContent {...returnFocus}>
        <AlertDialogTitle>{b.withdrawConfirm}</AlertDialogTitle>
        <AlertDialogDescription>
          {posting ? `${posting.truck_number} · ${posting.origin.label} · ${windowText(posting)}` : ''}
        </AlertDialogDescription>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={busy}>{p.cancel}</AlertDialogCancel>
          <AlertDialogConfirm onClick={confirm} disabled={busy}>
            {busy ? p.withdrawing : p.withdraw}
          </AlertDialogConfirm>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  )
}
