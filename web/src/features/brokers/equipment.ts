// The equipment types moved to lib (the tenders feature offers them too).
export { EQUIPMENT, equipmentLabel, isEquipment } from '@/lib/equipment'
