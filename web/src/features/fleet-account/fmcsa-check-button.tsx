import { useEffect, useState } from 'react'
import { Button } from '@/components/ui/button'
import { shortDateTime } from '@/lib/dates'
import { format, texts } from '@/lib/texts'
import { useCheckFmcsaNow } from './api/fmcsa-api'
import { checkMessage } from './fmcsa-check-message'

const t = texts.compliance.fmcsaCheck

/** True until `at` has passed; re-renders when it does. */
function useStillBefore(at: string | null | undefined): boolean {
  const until = at ? new Date(at).getTime() : 0
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    const wait = until - Date.now()
    if (wait <= 0) return
    const timer = window.setTimeout(() => setNow(Date.now()), wait + 250)
    return () => window.clearTimeout(timer)
  }, [until])
  return until > now
}

/**
 * Company Profile's "Check FMCSA now": reads the record, compares it with
 * the last reading and says what it found (once per 10 minutes per fleet;
 * the button waits out the 10 minutes after a check made here).
 */
export function FmcsaCheckButton({ dot }: { dot: string }) {
  const check = useCheckFmcsaNow()
  const [answer, setAnswer] = useState<{ text: string; failed: boolean } | null>(null)
  // Known once this page has checked; a press before then (another tab,
  // a reload) is answered with a 429 that says how long to wait.
  const nextAt = check.data?.next_check_at
  const waiting = useStillBefore(nextAt)

  const run = () => {
    setAnswer(null)
    check.mutate(undefined, {
      // Said beside the button (announced), not in a toast: it stays
      // readable while the user looks at History.
      onSuccess: (result) => setAnswer({ text: checkMessage(result, dot), failed: false }),
      onError: (error) => setAnswer({ text: error.message || t.failed, failed: true }),
    })
  }

  return (
    <div className="flex flex-col items-stretch gap-1 sm:items-end">
      <Button
        variant="outline"
        onClick={run}
        disabled={check.isPending || waiting}
        aria-describedby="fmcsa-check-status"
      >
        {check.isPending ? t.checking : t.button}
      </Button>
      <p id="fmcsa-check-status" aria-live="polite" className="text-sm text-muted-foreground sm:text-right">
        {answer && <span className={answer.failed ? 'text-red-700' : undefined}>{answer.text} </span>}
        {waiting && nextAt && format(t.nextAt, { time: shortDateTime(nextAt) ?? nextAt })}
      </p>
    </div>
  )
}
