import { CARE_LOCATION_LABELS, CARE_LOCATION_SHORT_LABELS } from '../i18n/en/care-locations';

/** Care locations (spec 1 §9, spec 2 §2.2). */
export const CARE_LOCATIONS = [
  { code: 'ONLINE', label: CARE_LOCATION_LABELS.ONLINE, short: CARE_LOCATION_SHORT_LABELS.ONLINE },
  { code: 'DENVER_CAREHUB_01', label: CARE_LOCATION_LABELS.DENVER_CAREHUB_01, short: CARE_LOCATION_SHORT_LABELS.DENVER_CAREHUB_01 },
  { code: 'CHARLESTON_NV_89104', label: CARE_LOCATION_LABELS.CHARLESTON_NV_89104, short: CARE_LOCATION_SHORT_LABELS.CHARLESTON_NV_89104 },
] as const;
export type CareLocationCode = (typeof CARE_LOCATIONS)[number]['code'];

export const LAB_NAMES = ['LIFESCAN', 'CDD', 'CLEAR'] as const;
export const SHIPPING_PROVIDERS = ['FEDEX', 'UPS'] as const;
export const CLINICIAN_STATUSES = ['ACTIVE', 'INACTIVE'] as const;
export type ClinicianStatus = (typeof CLINICIAN_STATUSES)[number];

/** Snackbar durations (spec 1 §8/§9). */
export const TOAST_MS = { default: 6000, resultForm: 5500, inbox: 2500 } as const;
export const LAB_TABLE_PAGE_SIZES = [50, 100, 200] as const;
export const TABLE_BODY_MAX_HEIGHT_PX = 630;
/** How long the portal reuses a kit's signed sample-label URL: under the 29 minutes of spec 1 §7 (the URL lives longer). */
export const SAMPLE_LABEL_URL_CACHE_MS = 25 * 60_000;
