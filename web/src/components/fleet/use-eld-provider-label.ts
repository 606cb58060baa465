import { useEld } from '@/lib/eld'

/**
 * The name users know an ELD provider by ('Motive (KeepTruckin)', 'Demo
 * provider') for a stored value ('keeptruckin', 'demo'), from the provider
 * list of GET /api/fleet/eld; the stored value until that has loaded.
 */
export function useEldProviderLabel(): (value: string) => string {
  const providers = useEld().data?.providers
  return (value) => providers?.find((provider) => provider.value === value)?.label ?? value
}
