/**
 * The clinician profile page's `reason` query value (spec 3 §2 "Clinician profile page"):
 * it selects the licence or calendar section and shows a banner.
 */
export const PROFILE_REASONS = ['noLicense', 'expiredOrInvalidLicense', 'invalidOrNoCalendar'] as const;
export type ProfileReason = (typeof PROFILE_REASONS)[number];

export type ProfileSection = 'personal' | 'licences' | 'calendar';

export interface ProfileReasonBanner {
  /** 'Access Restricted' (danger colour) or 'Action Required' (warning colour). */
  title: 'Access Restricted' | 'Action Required';
  severity: 'error' | 'warning';
  /** Key of the explanatory sentence in UI_TEXT (src/domain/shared/ui-texts.ts). */
  messageKey: 'reasonNoLicense' | 'reasonExpiredOrInvalidLicense' | 'reasonInvalidOrNoCalendar';
  section: ProfileSection;
}

export const isProfileReason = (value: unknown): value is ProfileReason =>
  typeof value === 'string' && (PROFILE_REASONS as readonly string[]).includes(value);

/**
 * Banner and section for a reason. Without a licence or a calendar link clinical work is closed
 * (spec 3 §1: "restricted until a valid licence and a calendar link exist"): Access Restricted.
 * Expired or invalid licences in some states still leave the valid states open: Action Required.
 */
export function profileReasonBanner(reason: unknown): ProfileReasonBanner | null {
  switch (isProfileReason(reason) ? reason : null) {
    case 'noLicense':
      return { title: 'Access Restricted', severity: 'error', messageKey: 'reasonNoLicense', section: 'licences' };
    case 'expiredOrInvalidLicense':
      return {
        title: 'Action Required',
        severity: 'warning',
        messageKey: 'reasonExpiredOrInvalidLicense',
        section: 'licences',
      };
    case 'invalidOrNoCalendar':
      return {
        title: 'Access Restricted',
        severity: 'error',
        messageKey: 'reasonInvalidOrNoCalendar',
        section: 'calendar',
      };
    default:
      return null;
  }
}

/** Section the profile page opens: the reason's, else /license and /calendar open theirs, else personal. */
export function profileSectionFor(pathname: string, reason: unknown): ProfileSection {
  const fromReason = profileReasonBanner(reason)?.section;
  if (fromReason) return fromReason;
  if (pathname.startsWith('/license')) return 'licences';
  if (pathname.startsWith('/calendar')) return 'calendar';
  return 'personal';
}
