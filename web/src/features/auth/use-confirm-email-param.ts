import { useEffect, useRef } from 'react'
import { useSearchParams } from 'react-router'
import { toast } from '@/lib/toast'
import { texts } from '@/lib/texts'
import { confirmEmail } from './auth-api'

/**
 * The confirmation e-mail links to /auth?confirm=<token>: post the token once,
 * drop it from the URL, and report the outcome.
 */
export function useConfirmEmailParam(onInvalid: (message: string) => void): void {
  const [params, setParams] = useSearchParams()
  const token = params.get('confirm')
  const handled = useRef<string | null>(null)
  const onInvalidRef = useRef(onInvalid)

  useEffect(() => {
    onInvalidRef.current = onInvalid
  })

  useEffect(() => {
    if (!token || handled.current === token) return
    handled.current = token
    setParams(
      (current) => {
        const next = new URLSearchParams(current)
        next.delete('confirm')
        return next
      },
      { replace: true },
    )
    confirmEmail(token).then(
      () =>
        toast.success(texts.auth.emailConfirmedTitle, {
          description: texts.auth.emailConfirmedDescription,
        }),
      () => onInvalidRef.current(texts.auth.confirmLinkInvalid),
    )
  }, [token, setParams])
}
