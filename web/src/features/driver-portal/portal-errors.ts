import { ApiError } from '@/lib/api-client'
import { texts } from '@/lib/texts'

export function errorMessage(error: unknown): string {
  return error instanceof ApiError ? error.message : texts.errors.generic
}

export const isStatus = (error: unknown, status: number) => error instanceof ApiError && error.status === status
