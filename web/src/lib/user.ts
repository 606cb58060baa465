import type { components } from './api-types'

type UserView = components['schemas']['UserView']

/** "First Last", or null when neither is set. */
export function personName(first: string | null | undefined, last: string | null | undefined): string | null {
  const name = [first, last]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ')
  return name || null
}

/** The user's first and last name, or the e-mail when neither is set. */
export function displayName(user: Pick<UserView, 'first_name' | 'last_name' | 'email'>): string {
  return personName(user.first_name, user.last_name) ?? user.email
}
