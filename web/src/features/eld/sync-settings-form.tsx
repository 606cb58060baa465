import { useForm } from 'react-hook-form'
import { toast } from '@/lib/toast'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import { ApiError } from '@/lib/api-client'
import { specToast } from '@/lib/spec-toast'
import { texts } from '@/lib/texts'
import { useSaveSyncSettings } from './api/eld-queries'
import type { EldSyncSettings, EldView, SyncFrequency, SyncKind } from '@/lib/eld'

const e = texts.eld

const FREQUENCIES: SyncFrequency[] = ['hourly', 'daily', 'weekly']
const KINDS: SyncKind[] = ['drivers', 'trucks', 'trailers']

const inputClass = 'h-4 w-4 accent-[var(--color-primary)]'

/**
 * Company Settings › ELD Integration › Sync Settings (spec §2, §9): how often
 * the schedule syncs (daily by default) and which data (all by default).
 * It needs a connection: the schedule runs for a connected provider.
 */
export function SyncSettingsForm({ eld }: { eld: EldView }) {
  const form = useForm<EldSyncSettings>({ defaultValues: eld.settings })
  const save = useSaveSyncSettings()
  const connected = eld.integration !== null

  const onSubmit = form.handleSubmit((values) =>
    save.mutate(values, {
      onSuccess: (settings) => {
        form.reset(settings)
        toast.success(e.settingsSaved)
      },
      onError: (error) => {
        if (error instanceof ApiError && error.code === 'eld_not_connected') specToast('error', error.message)
        else toast.error(texts.fleet.saveFailed, { description: error.message })
      },
    }),
  )

  return (
    <Card>
      <CardHeader>
        <CardTitle>{e.tabs.settings}</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        {!connected && <Alert variant="info">{e.settingsNeedConnection}</Alert>}
        <form noValidate onSubmit={onSubmit}>
          <fieldset disabled={!connected} className="space-y-6 disabled:opacity-60">
            <fieldset className="space-y-3">
              <legend className="mb-2 text-sm font-semibold">{e.frequency}</legend>
              <div className="flex flex-col gap-3 sm:flex-row sm:gap-6">
                {FREQUENCIES.map((frequency) => (
                  <label key={frequency} className="flex items-center gap-2 text-sm">
                    <input type="radio" value={frequency} className={inputClass} {...form.register('frequency')} />
                    {e.frequencies[frequency]}
                  </label>
                ))}
              </div>
            </fieldset>
            <fieldset className="space-y-3">
              <legend className="mb-2 text-sm font-semibold">{e.syncData}</legend>
              <div className="flex flex-col gap-3 sm:flex-row sm:gap-6">
                {KINDS.map((kind) => (
                  <label key={kind} className="flex items-center gap-2 text-sm">
                    <input type="checkbox" className={inputClass} {...form.register(kind)} />
                    {e.dataKinds[kind]}
                  </label>
                ))}
              </div>
            </fieldset>
            <Button type="submit" disabled={save.isPending} className="w-full sm:w-auto">
              {save.isPending ? texts.fleet.settingsForm.saving : e.saveSettings}
            </Button>
          </fieldset>
        </form>
      </CardContent>
    </Card>
  )
}
