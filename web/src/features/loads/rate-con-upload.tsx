import { useMutation } from '@tanstack/react-query'
import { FileUp } from 'lucide-react'
import { useEffect, useEffectEvent, useRef, useState, type ReactNode } from 'react'
import { useNavigate } from 'react-router'
import { Button } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'
import { ApiError } from '@/lib/api-client'
import { fleetRoutes } from '@/lib/routes'
import { texts } from '@/lib/texts'
import { toast } from '@/lib/toast'
import { uploadRateCon, type RateConDraft } from './api/loads-api'

/** What the loads list hands the create form (router state) after reading a rate con. */
export interface NewLoadState {
  rateCon?: RateConDraft
}

const isPdf = (file: File) => file.type === 'application/pdf' || file.name.toLowerCase().endsWith('.pdf')

/** Uploads a rate con and opens the create form with its draft. */
function useRateConUpload() {
  const navigate = useNavigate()
  const s = texts.loads.screens
  return useMutation({
    mutationFn: uploadRateCon,
    onSuccess: (rateCon) => {
      const state: NewLoadState = { rateCon }
      void navigate(fleetRoutes.loadNew, { state })
    },
    onError: (error) =>
      toast.error(s.rateConFailed, { description: error instanceof ApiError ? error.message : undefined }),
  })
}

/**
 * The loads page's "Upload rate confirmation" button and its drop zone: a
 * PDF dropped anywhere on the page is read, then the create form opens.
 */
export function RateConDropZone({ children }: { children: (upload: ReactNode) => ReactNode }) {
  const s = texts.loads.screens
  const upload = useRateConUpload()
  const input = useRef<HTMLInputElement>(null)
  const [dragging, setDragging] = useState(false)

  const send = (file: File | undefined) => {
    if (!file) return
    if (!isPdf(file)) {
      toast.error(s.pdfOnly)
      return
    }
    upload.mutate(file)
  }

  const dropped = useEffectEvent((file: File | undefined) => send(file))

  useEffect(() => {
    let depth = 0
    const hasFiles = (event: DragEvent) => Array.from(event.dataTransfer?.types ?? []).includes('Files')
    const enter = (event: DragEvent) => {
      if (!hasFiles(event)) return
      depth += 1
      setDragging(true)
    }
    const leave = (event: DragEvent) => {
      if (!hasFiles(event)) return
      depth = Math.max(0, depth - 1)
      if (depth === 0) setDragging(false)
    }
    const over = (event: DragEvent) => {
      if (hasFiles(event)) event.preventDefault()
    }
    const drop = (event: DragEvent) => {
      if (!hasFiles(event)) return
      event.preventDefault()
      depth = 0
      setDragging(false)
      dropped(event.dataTransfer?.files[0])
    }
    window.addEventListener('dragenter', enter)
    window.addEventListener('dragleave', leave)
    window.addEventListener('dragover', over)
    window.addEventListener('drop', drop)
    return () => {
      window.removeEventListener('dragenter', enter)
      window.removeEventListener('dragleave', leave)
      window.removeEventListener('dragover', over)
      window.removeEventListener('drop', drop)
    }
  }, [])

  const button = (
    <>
      <input
        ref={input}
        type="file"
        accept="application/pdf,.pdf"
        className="sr-only"
        tabIndex={-1}
        aria-hidden
        data-testid="rate-con-input"
        onChange={(event) => {
          send(event.target.files?.[0])
          event.target.value = ''
        }}
      />
      <Button variant="outline" disabled={upload.isPending} onClick={() => input.current?.click()}>
        {upload.isPending ? <Spinner className="h-4 w-4 border-2" label={s.readingRateCon} /> : <FileUp className="h-4 w-4" aria-hidden />}
        {upload.isPending ? s.readingRateCon : s.uploadRateCon}
      </Button>
    </>
  )

  return (
    <>
      {children(button)}
      {dragging && (
        <div
          className="pointer-events-none fixed inset-0 z-50 flex items-center justify-center bg-primary/10 p-6"
          role="status"
        >
          <p className="rounded-xl border-2 border-dashed border-primary bg-white px-6 py-10 text-center text-base font-medium text-ink shadow-lg">
            {s.dropHere}
          </p>
        </div>
      )}
    </>
  )
}
