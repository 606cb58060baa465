import { clsx, type ClassValue } from 'clsx'

/**
 * Joins class names. There is no tailwind-merge (it would cost ~20 KB gzip on
 * the landing page), so an override of a base utility must be marked
 * important (`grid!`, `text-2xl!`) rather than relying on class order.
 */
export function cn(...inputs: ClassValue[]): string {
  return clsx(inputs)
}
