import { lazy, Suspense, useState } from 'react'
import type { RowMenuItem } from '@/components/data-list/data-table'
import { Spinner } from '@/components/ui/spinner'
import { Button } from '@/components/ui/button'
import { TrucksPage } from '@/features/vehicles/trucks-page'
import { texts } from '@/lib/texts'
import { MyPostingsPage } from './screen-chunks'

// The Truck Board's fleet side is a chunk of its own, as the documents
// screens are (documents-routes.tsx): My Postings, and the posting dialog
// that the Trucks list (a row's menu) and the truck detail screen open. The
// dialog's chunk is fetched when a 'Post to Truck Board' button or a row's
// menu button is first pointed at.
const loadDialog = () => import('@/features/postings/posting-dialog')
const PostingDialog = lazy(loadDialog)

/** /fleet-dashboard/postings. */
export function PostingsRoute() {
  return (
    <Suspense
      fallback={
        <div className="flex justify-center py-10">
          <Spinner label={texts.board.postings.loading} />
        </div>
      }
    >
      <MyPostingsPage />
    </Suspense>
  )
}

export interface PostTruckButtonProps {
  truck: { id: string; name: string }
}

/**
 * 'Post to Truck Board' on the truck detail screen's header. A read-only
 * fleet (past due) sees it as every other write: the server refuses and the
 * fleet shell says why.
 */
export function PostTruckButton({ truck }: PostTruckButtonProps) {
  const [open, setOpen] = useState(false)
  const [mounted, setMounted] = useState(false)
  const preload = () => void loadDialog()
  return (
    <>
      <Button
        variant="outline"
        size="sm"
        onPointerEnter={preload}
        onFocus={preload}
        onClick={() => {
          setMounted(true)
          setOpen(true)
        }}
      >
        {texts.board.postButton}
      </Button>
      {mounted && (
        <Suspense fallback={null}>
          <PostingDialog open={open} onOpenChange={setOpen} truck={truck} />
        </Suspense>
      )}
    </>
  )
}

type Truck = { id: string; name: string }

/** The Trucks list, each row's menu with 'Post to Truck Board' (which opens the posting dialog for that truck). */
export function TrucksRoute() {
  const [truck, setTruck] = useState<Truck | null>(null)
  const [open, setOpen] = useState(false)
  const postTruck = (row: Truck): RowMenuItem[] => [
    {
      label: texts.board.postButton,
      onPrepare: () => void loadDialog(),
      onSelect: () => {
        setTruck(row)
        setOpen(true)
      },
    },
  ]
  return (
    <>
      <TrucksPage rowActions={postTruck} />
      {truck && (
        <Suspense fallback={null}>
          <PostingDialog open={open} onOpenChange={setOpen} truck={truck} />
        </Suspense>
      )}
    </>
  )
}
