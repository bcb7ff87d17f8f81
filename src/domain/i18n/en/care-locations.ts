/** The care locations' names by code (spec 1 §9, spec 2 §2.2): in full, and the short name of the dashboard's filter. */
export const CARE_LOCATION_LABELS = {
  ONLINE: 'Online/Telemedicine',
  DENVER_CAREHUB_01: 'Care Hub Denver',
  CHARLESTON_NV_89104: 'Care Hub Las Vegas Charleston',
} as const;

export const CARE_LOCATION_SHORT_LABELS = {
  ONLINE: 'Online',
  DENVER_CAREHUB_01: 'Denver hub',
  CHARLESTON_NV_89104: 'Las Vegas hub',
} as const;
