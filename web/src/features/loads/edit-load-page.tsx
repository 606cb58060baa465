import { ArrowLeft } from 'lucide-react'
import { useState } from 'react'
import { Link, useParams } from 'react-router'
import { LoadError } from '@/components/load-error'
import { Alert } from '@/components/ui/alert'
import { buttonClass } from '@/components/ui/button-variants'
import { Spinner } from '@/components/ui/spinner'
import { ApiError } from '@/lib/api-client'
import { fleetRoutes } from '@/lib/routes'
import { format, texts } from '@/lib/texts'
import type { LoadView } from './api/loads-api'
import { useCustomers, useFacilities, useLoad } from './api/loads-queries'
import { isEditable } from './load-form-model'
import { LoadForm } from './new-load-page'

/**
 * /fleet-dashboard/loads/:loadId/edit: the load form filled with the load.
 * The form edits the version it opened with; a background refetch never
 * swaps it (what was typed stays, and the save is checked against the
 * version it was typed over). Reload, offered after a 409, starts again
 * from the load as it is now.
 */
export default function EditLoadPage() {
  const { loadId = '' } = useParams()
  const s = texts.loads.screens
  const d = s.detail
  const query = useLoad(loadId)
  const customers = useCustomers()
  const facilities = useFacilities()
  const [opened, setOpened] = useState<LoadView | null>(null)
  if (opened === null && query.data) setOpened(query.data)

  if (query.isError) {
    if (query.error instanceof ApiError && query.error.status === 404) {
      return (
        <div className="space-y-3 py-10 text-center">
          <h1 className="text-xl font-semibold text-ink">{d.notFoundTitle}</h1>
          <p className="text-sm text-muted-foreground">{d.notFoundText}</p>
          <Link to={fleetRoutes.loads} className={buttonClass('outline')}>
            {d.back}
          </Link>
        </div>
      )
    }
    return <LoadError title={d.loadFailed} message={query.error.message} retryLabel={s.retry} onRetry={() => void query.refetch()} />
  }
  if (customers.isError || facilities.isError) {
    return (
      <LoadError
        title={s.form.listsFailed}
        message={(customers.error ?? facilities.error)?.message}
        retryLabel={s.retry}
        onRetry={() => {
          void customers.refetch()
          void facilities.refetch()
        }}
      />
    )
  }
  if (!opened || customers.isPending || facilities.isPending) {
    return (
      <div className="flex justify-center py-10">
        <Spinner label={d.loading} />
      </div>
    )
  }
  if (!isEditable(opened)) {
    const under = opened.stops.some((stop) => stop.arrived_at)
    const status = (s.status as Record<string, string>)[opened.status] ?? opened.status
    return (
      <div className="mx-auto max-w-4xl space-y-6">
        <Link to={fleetRoutes.load(opened.id)} className="inline-flex items-center gap-1 text-sm text-primary hover:underline">
          <ArrowLeft className="h-4 w-4" aria-hidden />
          {format(s.form.backToLoad, { pro: opened.pro_number })}
        </Link>
        <Alert variant="warning">
          {format(texts.loads.notEditable, { status: under ? texts.loads.underWay : status.toLowerCase() })}
        </Alert>
      </div>
    )
  }
  const reload = () => {
    void query.refetch().then((fresh) => {
      if (fresh.data) setOpened(fresh.data)
    })
  }
  return (
    <LoadForm
      key={opened.updated_at}
      editing={opened}
      onReload={reload}
      customers={customers.data}
      facilities={facilities.data}
    />
  )
}
