import type { FieldErrors, Resolver, ResolverOptions } from 'react-hook-form'
import * as z from 'zod/mini'
import { texts } from '@/lib/texts'
import { flatZodResolver } from '@/lib/zod-form'
import type { SearchCriteria } from '../api/types'
import { DEFAULT_RADIUS, emptyCriteria, isRadius, MAX_AGE_CHOICES, radiusOf } from '../criteria'

const b = texts.board

/** The search form's fields: what the inputs hold (strings), turned into criteria on submit. */
export interface SearchFormValues {
  origin: string
  radius: string
  destinations: string[]
  equipment: string[]
  available_from: string
  available_to: string
  /** '' for any age, else one of MAX_AGE_CHOICES. */
  max_age: string
  include_not_allowed: boolean
}

const radiusOk = (value: string) => /^\s*\d+\s*$/.test(value) && isRadius(Number(value))

/** The fields typed as text: the ones with rules to check. */
type SearchTextValues = Pick<SearchFormValues, 'origin' | 'radius' | 'available_from' | 'available_to' | 'max_age'>

/**
 * The checks the server makes too, for instant feedback; its 422 answers
 * still show beside the fields. Only the text fields: the choices (states,
 * equipment, the checkbox) cannot be wrong, and zod's array and boolean
 * schemas would grow the zod chunk the signup pages share past their budget
 * (scripts/check-bundle.mjs).
 */
export const searchSchema = z
  .object({
    origin: z.string().check(z.trim(), z.minLength(1, b.originRequired)),
    radius: z.string().check(z.refine(radiusOk, b.radiusInvalid)),
    available_from: z.string(),
    available_to: z.string(),
    max_age: z.string(),
  })
  .check(
    z.refine((values) => !values.available_from || !values.available_to || values.available_to >= values.available_from, {
      message: b.windowInvalid,
      path: ['available_to'],
    }),
  )

const textResolver = flatZodResolver<SearchTextValues>(searchSchema)

/** The form's resolver: searchSchema on the text fields, the choices as they are. */
export const searchResolver: Resolver<SearchFormValues> = async (values, context, options) => {
  const { origin, radius, available_from, available_to, max_age } = values
  const checked = await textResolver(
    { origin, radius, available_from, available_to, max_age },
    context,
    options as unknown as ResolverOptions<SearchTextValues>,
  )
  if (Object.keys(checked.errors).length > 0) return { values: {}, errors: checked.errors as FieldErrors<SearchFormValues> }
  return { values: { ...values, ...(checked.values as SearchTextValues) }, errors: {} }
}

export function formFromCriteria(criteria: SearchCriteria | null): SearchFormValues {
  const c = criteria ?? emptyCriteria()
  return {
    origin: c.origin,
    radius: String(radiusOf(c)),
    destinations: c.destinations,
    equipment: c.equipment,
    available_from: c.available_from ?? '',
    available_to: c.available_to ?? '',
    max_age: c.max_age_hours === null ? '' : String(c.max_age_hours),
    include_not_allowed: c.include_not_allowed,
  }
}

/** Valid form values (searchSchema passed) as criteria. */
export function criteriaFromForm(values: SearchFormValues): SearchCriteria {
  const radius = Number(values.radius)
  const maxAge = Number(values.max_age)
  return {
    origin: values.origin.trim(),
    radius_mi: isRadius(radius) ? radius : DEFAULT_RADIUS,
    destinations: values.destinations,
    equipment: values.equipment,
    available_from: values.available_from || null,
    available_to: values.available_to || null,
    max_age_hours: MAX_AGE_CHOICES.find((hours) => hours === maxAge) ?? null,
    include_not_allowed: values.include_not_allowed,
  }
}

/** The form's field a 422 answer's field belongs to (the API says radius_mi, the form radius). */
export const FORM_FIELD_OF: Record<string, keyof SearchFormValues> = {
  origin: 'origin',
  radius_mi: 'radius',
  destinations: 'destinations',
  equipment: 'equipment',
  available_from: 'available_from',
  available_to: 'available_to',
  max_age_hours: 'max_age',
  include_not_allowed: 'include_not_allowed',
}
