import type { UseMutationResult } from '@tanstack/react-query'
import type { ComponentType } from 'react'
import { toast } from '@/lib/toast'
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog'
import { format, texts } from '@/lib/texts'

const t = texts.admin

/** What the picker inside the dialog gets. */
export interface AssignFormProps<Choice> {
  busy: boolean
  onCancel: () => void
  onSubmit: (choice: Choice) => void
}

export interface AssignDialogProps<Target, Choice, Variables> {
  /** What gets assigned (a user, a fleet account); null keeps the dialog closed. */
  target: Target | null
  onClose: () => void
  title: string
  description: string
  mutation: UseMutationResult<unknown, Error, Variables>
  variables: (target: Target, choice: Choice) => Variables
  /** The user and the fleet account of the success toast. */
  assigned: (target: Target, choice: Choice) => { email: string; name: string }
  /** The picker of the choice (a `PickerForm`), mounted afresh on every opening. */
  picker: ComponentType<AssignFormProps<Choice>>
}

/**
 * The admin's assign dialogs (spec §2, §4): 'Assign Fleet Account' when a user
 * becomes fleet_admin, 'Assign Owner' on the Accounts tab. Either way a user
 * ends up managing a fleet account; cancelling changes nothing.
 */
export function AssignDialog<Target, Choice, Variables>({
  target,
  onClose,
  title,
  description,
  mutation,
  variables,
  assigned,
  picker: Picker,
}: AssignDialogProps<Target, Choice, Variables>) {
  const assign = (current: Target, choice: Choice) => {
    mutation.mutate(variables(current, choice), {
      onSuccess: () => {
        toast.success(t.fleetAssigned, { description: format(t.fleetAssignedDescription, assigned(current, choice)) })
        onClose()
      },
      onError: (error) => {
        toast.error(format(t.assignFailed, { reason: error.message }))
      },
    })
  }

  return (
    <Dialog
      open={target !== null}
      onOpenChange={(open) => {
        if (!open && !mutation.isPending) onClose()
      }}
    >
      <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto">
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription>{description}</DialogDescription>
        {target !== null && (
          <Picker busy={mutation.isPending} onCancel={onClose} onSubmit={(choice) => assign(target, choice)} />
        )}
      </DialogContent>
    </Dialog>
  )
}
