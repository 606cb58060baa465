import { Bookmark } from 'lucide-react'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import * as z from 'zod/mini'
import { Button } from '@/components/ui/button'
import { Checkbox } from '@/components/ui/checkbox'
import { Dialog, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from '@/components/ui/dialog'
import { FormField } from '@/components/ui/form-field'
import { Label } from '@/components/ui/label'
import { ApiError } from '@/lib/api-client'
import { specToast } from '@/lib/spec-toast'
import { texts } from '@/lib/texts'
import { flatZodResolver } from '@/lib/zod-form'
import { useCreateSavedSearch } from '../api/broker-queries'
import type { SearchCriteria } from '../api/types'
import { criteriaSummary } from '../board-format'
import { labels } from '../labels'

const b = texts.board

// The name only: a zod boolean for the checkbox would grow the zod chunk the
// signup pages share (scripts/check-bundle.mjs).
const saveSearchSchema = z.object({
  name: z.string().check(z.trim(), z.minLength(1, b.saved.nameRequired)),
})
type SaveSearchValues = z.infer<typeof saveSearchSchema>

function SaveSearchForm({ criteria, onDone }: { criteria: SearchCriteria; onDone: () => void }) {
  const save = useCreateSavedSearch()
  const [alerts, setAlerts] = useState(true)
  const form = useForm<SaveSearchValues>({
    resolver: flatZodResolver(saveSearchSchema),
    defaultValues: { name: criteria.origin },
  })
  const { errors } = form.formState

  const submit = form.handleSubmit(({ name }) =>
    save.mutate(
      { name, criteria, alerts },
      {
        onSuccess: () => {
          specToast('success', b.search.saved)
          onDone()
        },
        onError: (error) => {
          if (error instanceof ApiError && error.fields.name) form.setError('name', { message: error.fields.name })
          else specToast('error', error.message || texts.errors.generic)
        },
      },
    ),
  )

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="space-y-4">
      <FormField
        id="saved-search-name"
        label={labels.name}
        autoComplete="off"
        maxLength={100}
        error={errors.name?.message}
        {...form.register('name')}
      />
      <div className="flex items-center gap-2">
        <Checkbox id="saved-search-alerts" checked={alerts} onCheckedChange={(checked) => setAlerts(checked === true)} />
        <Label htmlFor="saved-search-alerts" className="font-normal">
          {b.saved.alerts}
        </Label>
      </div>
      <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={onDone} disabled={save.isPending}>
          {labels.cancel}
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? labels.saving : b.search.saveSearch}
        </Button>
      </div>
    </form>
  )
}

/** 'Save search': names the search on screen and chooses e-mail alerts for it (on by default). */
export function SaveSearchButton({ criteria }: { criteria: SearchCriteria }) {
  const [open, setOpen] = useState(false)
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline">
          <Bookmark className="h-4 w-4" aria-hidden />
          {b.search.saveSearch}
        </Button>
      </DialogTrigger>
      <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto">
        <DialogTitle>{b.search.saveSearch}</DialogTitle>
        <DialogDescription className="break-words">{criteriaSummary(criteria)}</DialogDescription>
        {open && <SaveSearchForm criteria={criteria} onDone={() => setOpen(false)} />}
      </DialogContent>
    </Dialog>
  )
}
