import { texts } from '@/lib/texts'
import type { BrokerRole } from './api/types'

/** The broker roles in the order the selectors list them. */
export const BROKER_ROLES = Object.keys(texts.brokers.roles) as BrokerRole[]

/** The API types a role as text. */
export const isBrokerRole = (value: string): value is BrokerRole => (BROKER_ROLES as string[]).includes(value)

/** 'Broker admin' for broker_admin; another value as it came. */
export const brokerRoleLabel = (role: string) => (isBrokerRole(role) ? texts.brokers.roles[role] : role)
