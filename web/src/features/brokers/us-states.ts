/**
 * The destination states a broker can choose: the 50 states and the District
 * of Columbia, as USPS writes them (the server also knows AS, GU, MP, PR and
 * VI, which no truck drives to from the mainland).
 */
export const US_STATES = [
  'AL', 'AK', 'AZ', 'AR', 'CA', 'CO', 'CT', 'DE', 'DC', 'FL', 'GA', 'HI', 'ID', 'IL', 'IN', 'IA', 'KS',
  'KY', 'LA', 'ME', 'MD', 'MA', 'MI', 'MN', 'MS', 'MO', 'MT', 'NE', 'NV', 'NH', 'NJ', 'NM', 'NY', 'NC',
  'ND', 'OH', 'OK', 'OR', 'PA', 'RI', 'SC', 'SD', 'TN', 'TX', 'UT', 'VT', 'VA', 'WA', 'WV', 'WI', 'WY',
] as const

export type UsState = (typeof US_STATES)[number]

export const isUsState = (value: string): value is UsState => (US_STATES as readonly string[]).includes(value)
