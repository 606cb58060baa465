import { lazy, Suspense, useState } from 'react'
import { Spinner } from '@/components/ui/spinner'
import { Button } from '@/components/ui/button'
import { format, texts } from '@/lib/texts'

// The Truck Board's fleet side is a chunk of its own, as the documents
// screens are (documents-routes.tsx): My Postings, and the posting dialog
// that the Trucks list and the truck detail screen open. The dialog's chunk
// is fetched when a 'Post to Truck Board' button is first pointed at.
const MyPostingsPage = lazy(() => import('@/features/postings/my-postings-page'))
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
  /** In a list, where every row has one: the button's name says which truck. */
  inList?: boolean
}

/**
 * 'Post to Truck Board' for one truck: a row of the Trucks list, the truck
 * detail screen's header. A read-only fleet (past due) sees it as every other
 * write: the server refuses and the fleet shell says why.
 */
export function PostTruckButton({ truck, inList = false }: PostTruckButtonProps) {
  const [open, setOpen] = useState(false)
  const [mounted, setMounted] = useState(false)
  const preload = () => void loadDialog()
  return (
    <>
      <Button
        variant="outline"
        size="sm"
        aria-label={inList ? format(texts.board.postings.postTruck, { truck: truck.name }) : undefined}
        // In a row it may wrap onto two lines: the Trucks table must not grow wider for it.
        className={inList ? 'h-auto! min-h-8 py-1 text-center leading-tight whitespace-normal!' : undefined}
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
