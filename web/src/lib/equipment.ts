import { texts } from '@/lib/texts'

const labels: Record<string, string> = texts.board.equipment

/** The equipment types, in texts.json's order; the keys are the API's values. */
export const EQUIPMENT = Object.keys(labels)

export const isEquipment = (value: string) => Object.hasOwn(labels, value)

/** 'Dry Van' for van; an unknown value as it came. */
export const equipmentLabel = (value: string) => (isEquipment(value) ? labels[value] : value)
