import { texts } from '@/lib/texts'
import type { VehicleOption } from './api/documents-api'

/** 'Truck 101 (281474)': a vehicle choice's name and identifier. */
export function vehicleLabel(vehicle: Pick<VehicleOption, 'kind' | 'name' | 'identifier'>): string {
  const name =
    vehicle.name || (vehicle.kind === 'truck' ? texts.fleet.assets.unnamedTruck : texts.fleet.unnamedTrailer)
  return vehicle.identifier ? `${name} (${vehicle.identifier})` : name
}
