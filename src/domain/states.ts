/** The 50 US states plus DC, as used in dashboards, filters and forms (spec 1 §9). */
export const US_STATES = [
  'AL', 'AK', 'AZ', 'AR', 'CA', 'CO', 'CT', 'DE', 'DC', 'FL', 'GA', 'HI', 'ID', 'IL', 'IN', 'IA', 'KS',
  'KY', 'LA', 'ME', 'MD', 'MA', 'MI', 'MN', 'MS', 'MO', 'MT', 'NE', 'NV', 'NH', 'NJ', 'NM', 'NY', 'NC',
  'ND', 'OH', 'OK', 'OR', 'PA', 'RI', 'SC', 'SD', 'TN', 'TX', 'UT', 'VT', 'VA', 'WA', 'WV', 'WI', 'WY',
] as const;

/** The profile's state select: 59 US states, districts and territories (spec 3 §9). */
export const US_STATES_AND_TERRITORIES = [
  ...US_STATES, 'AS', 'GU', 'MP', 'PR', 'VI', 'UM', 'FM', 'MH',
] as const;

export type UsState = (typeof US_STATES)[number];

export const isUsStateOrTerritory = (value: string) => (US_STATES_AND_TERRITORIES as readonly string[]).includes(value);
