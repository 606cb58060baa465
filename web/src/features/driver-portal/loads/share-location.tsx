import { Checkbox } from '@/components/ui/checkbox'
import { Label } from '@/components/ui/label'
import { texts } from '@/lib/texts'
import { useShareLocation } from './position'

/** The driver's choice to send the phone's position with each status tap. */
export function ShareLocation() {
  const [on, set] = useShareLocation()
  return (
    <div className="flex items-center gap-3 rounded-lg bg-white p-3">
      <Checkbox id="share-location" checked={on} onCheckedChange={(v) => set(v === true)} />
      <Label htmlFor="share-location" className="text-sm font-normal">
        {texts.portalLoads.shareLocation}
      </Label>
    </div>
  )
}
