import { toast } from '@/lib/toast'
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogConfirm,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog'
import { texts } from '@/lib/texts'
import { useDeleteDocument } from './api/documents-queries'
import type { DocumentItem } from './api/types'

const d = texts.documents

export interface DeleteDocumentDialogProps {
  /** The document to delete; the dialog is open while it is set. */
  document: DocumentItem | null
  onClose: () => void
}

/** 'Are you sure?' before a document and its file are deleted for good (spec §2). */
export function DeleteDocumentDialog({ document, onClose }: DeleteDocumentDialogProps) {
  const remove = useDeleteDocument()

  const confirm = () => {
    if (!document) return
    // Not mutate()'s callbacks: TanStack Query drops them once this dialog has
    // unmounted, and the reloaded list unmounts it when the delete emptied it.
    remove.mutateAsync(document.id).then(
      () => {
        toast.success(d.deletedTitle, { description: d.deleted })
        onClose()
      },
      () => toast.error(d.deleteFailed),
    )
  }

  return (
    <AlertDialog open={document !== null} onOpenChange={(open) => !open && !remove.isPending && onClose()}>
      <AlertDialogContent>
        <AlertDialogTitle>{d.deleteTitle}</AlertDialogTitle>
        <AlertDialogDescription>{d.deleteText}</AlertDialogDescription>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={remove.isPending}>{d.cancel}</AlertDialogCancel>
          <AlertDialogConfirm disabled={remove.isPending} onClick={confirm}>
            {d.delete}
          </AlertDialogConfirm>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  )
}
