import { ApiError } from '@/lib/api-client'
import { texts } from '@/lib/texts'

/** What a failed send of a message says: the server's refusal of the message, or that it was not sent. */
export function sendProblem(error: unknown): string | null {
  if (!error) return null
  if (error instanceof ApiError && error.fields.message) return error.fields.message
  return texts.loadMessages.sendError
}
