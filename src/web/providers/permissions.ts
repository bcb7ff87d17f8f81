import { usePermissions } from 'react-admin';
import { permissionsFor, rolesFromGroups, type Permissions } from '../../domain/shared/roles';

/** What authProvider.getPermissions returns: the shared permission set plus the raw groups claim. */
export interface PortalPermissions extends Permissions {
  groups: string[];
}

/** Permissions of a groups claim (id token `cognito:groups`). */
export function portalPermissionsFromGroups(claim: unknown): PortalPermissions {
  const groups = (Array.isArray(claim) ? claim : typeof claim === 'string' ? [claim] : []).filter((g): g is string => typeof g === 'string');
  return { ...permissionsFor(rolesFromGroups(groups)), groups };
}

/** react-admin's usePermissions, typed. */
export const usePortalPermissions = () => usePermissions<PortalPermissions>();
