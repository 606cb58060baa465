import { useEffect, useRef } from 'react'
import { useParams } from 'react-router'
import { Alert } from '@/components/ui/alert'
import { Spinner } from '@/components/ui/spinner'
import { ApiError } from '@/lib/api-client'
import { format, texts } from '@/lib/texts'
import { useUnsubscribe } from '../api/broker-queries'
import { labels } from '../labels'
import { OpenLayout } from './open-layout'

const t = texts.board.saved

/**
 * /unsubscribe/:token: the link in a saved search's alert e-mail. Opening it
 * turns the alerts off at once (one POST, however often React runs effects).
 */
export default function UnsubscribePage() {
  const { token = '' } = useParams()
  const unsubscribe = useUnsubscribe()
  const sent = useRef<string | null>(null)
  const { mutate } = unsubscribe

  useEffect(() => {
    if (sent.current === token) return
    sent.current = token
    mutate(token)
  }, [token, mutate])

  let body
  if (unsubscribe.isSuccess) body = <Alert variant="success">{format(t.unsubscribed, { name: unsubscribe.data.name })}</Alert>
  else if (unsubscribe.isError)
    body = (
      <Alert>
        {unsubscribe.error instanceof ApiError && unsubscribe.error.status === 404
          ? t.unsubscribeNotFound
          : unsubscribe.error.message || texts.errors.generic}
      </Alert>
    )
  else
    body = (
      <div className="flex justify-center py-6">
        <Spinner label={labels.loading} />
      </div>
    )

  return <OpenLayout title={t.title}>{body}</OpenLayout>
}
