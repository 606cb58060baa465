import { CreditCard } from 'lucide-react'
import { toast } from '@/lib/toast'
import { Button } from '@/components/ui/button'
import { ApiError } from '@/lib/api-client'
import { texts } from '@/lib/texts'
import { usePortalSession } from './api/billing-queries'

const b = texts.billing

/**
 * Opens Stripe's Customer Portal in a new tab. The tab is opened blank in the
 * click itself, then sent to the portal once the server answers: a window
 * opened after an await is no longer a user gesture and popup blockers stop it.
 */
export function ManagePaymentButton() {
  const portal = usePortalSession()

  const open = () => {
    const tab = window.open('', '_blank')
    if (tab) tab.opener = null
    portal.mutate(undefined, {
      onSuccess: ({ url }) => {
        if (!url) {
          tab?.close()
          toast.error(b.noPortalUrl)
          return
        }
        if (tab) tab.location.href = url
        else window.open(url, '_blank', 'noopener')
      },
      onError: (error) => {
        tab?.close()
        toast.error(b.portalFailed, { description: error instanceof ApiError ? error.message : undefined })
      },
    })
  }

  return (
    <Button onClick={open} disabled={portal.isPending} className="w-full sm:w-auto">
      <CreditCard className="h-4 w-4" aria-hidden />
      {portal.isPending ? b.openingPortal : b.managePaymentMethods}
    </Button>
  )
}
