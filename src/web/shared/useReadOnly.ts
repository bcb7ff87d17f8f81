import { usePortalPermissions } from '../providers/permissions';

/** i18n key of the reason every write control of a read-only role (auditor) shows. */
export const READ_ONLY_REASON = 'lab.readOnly';

/**
 * Whether the signed-in user may only read (the authProvider's permissions: auditor, not super admin). False until
 * the permissions are known: the server refuses every write of a read-only role anyway.
 */
export function useReadOnly(): boolean {
  const { permissions } = usePortalPermissions();
  return permissions?.readOnly === true;
}
