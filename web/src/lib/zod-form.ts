import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form'
import type * as z from 'zod/mini'

/**
 * The react-hook-form resolver of every form, for flat zod schemas: the first
 * message per field, in check order. It stands in for @hookform/resolvers,
 * which would not keep the signup pages within 50 KB gzip beyond the landing
 * page (scripts/check-bundle.mjs). Nested objects are not supported.
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
