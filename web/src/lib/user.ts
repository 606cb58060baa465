import type { components } from './api-types'

export type UserView = components['schemas']['UserView']

/** The user's first and last name, or the e-mail when neither is set. */
export function displayName(user: Pick<UserView, 'first_name' | 'last_name' | 'email'>): string {
  const name = [user.first_name, user.last_name]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ')
  return name || user.email
}
