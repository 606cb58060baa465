import { useQuery } from '@tanstack/react-query'
import { Copy } from 'lucide-react'
import { toast } from '@/lib/toast'
import { Button } from '@/components/ui/button'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { queryKeys } from '@/lib/query-keys'
import { texts } from '@/lib/texts'
import { fetchPortalLink } from './api/fleet-account-api'

const p = texts.fleet.portal

/** The driver portal's address with a Copy link button (Company Settings › Portal Settings). */
export function PortalLink() {
  const link = useQuery({
    queryKey: queryKeys.fleet.portalLink,
    queryFn: ({ signal }) => fetchPortalLink(signal),
    staleTime: Infinity,
  })
  const url = link.data?.url ?? ''

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url)
      toast.success(p.copied)
    } catch {
      // No clipboard (an insecure origin, a denied permission): select the text to copy by hand.
      const input = document.getElementById('portal-link') as HTMLInputElement | null
      input?.focus()
      input?.select()
      toast.error(texts.errors.generic)
    }
  }

  return (
    <div className="space-y-2" data-testid="portal-link">
      <Label htmlFor="portal-link">{p.linkLabel}</Label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Input
          id="portal-link"
          readOnly
          value={url}
          aria-describedby="portal-link-help"
          onFocus={(event) => event.currentTarget.select()}
          className="font-mono text-xs sm:text-sm"
        />
        <Button type="button" variant="outline" disabled={!url} onClick={() => void copy()} className="shrink-0">
          <Copy className="h-4 w-4" aria-hidden />
          {p.copy}
        </Button>
      </div>
      <p id="portal-link-help" className="text-xs text-muted-foreground">
        {p.linkHelp}
      </p>
    </div>
  )
}
