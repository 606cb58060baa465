import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form'
import type * as z from 'zod/mini'

/**
 * The react-hook-form resolver of every form, for flat zod schemas: the first
 * message per field, in check order: all our forms need of @hookform/resolvers.
 * Nested objects are not supported; a form that needs them may take the
 * library (the public pages keep their own copy of the form libraries, so a
 * dashboard's use cannot weigh on their budget: build/area-copies.ts).
 */
export function flatZodResolver<Values extends FieldValues>(
  schema: z.ZodMiniType<Values, Values>,
): Resolver<Values> {
  return (values) => {
    const result = schema.safeParse(values)
    if (result.success) return { values: result.data, errors: {} }
    const errors: Record<string, { type: string; message: string }> = {}
    for (const issue of result.error.issues) {
      const field = issue.path.join('.')
      errors[field] ??= { type: issue.code, message: issue.message }
    }
    return { values: {}, errors: errors as FieldErrors<Values> }
  }
}
