/** Cognito group names (spec 1 §3). SUPER_ADMIN is an alias seen in role checks. */
export const ROLES = ['clinicians', 'super_admin', 'auditor_read_only', 'staff', 'operation_support'] as const;
export type Role = (typeof ROLES)[number];

const ALIASES: Record<string, Role> = { SUPER_ADMIN: 'super_admin' };

/** Keeps only the known roles from a groups claim, mapping aliases, without duplicates. */
export function rolesFromGroups(groups: unknown): Role[] {
  const list = Array.isArray(groups) ? groups : typeof groups === 'string' ? [groups] : [];
  const out = new Set<Role>();
  for (const g of list) {
    if (typeof g !== 'string') continue;
    const role = (ROLES as readonly string[]).includes(g) ? (g as Role) : ALIASES[g];
    if (role) out.add(role);
  }
  return [...out];
}

const has = (roles: readonly Role[], ...wanted: Role[]) => wanted.some((r) => roles.includes(r));

/** Group membership is required to enter the app at all (spec 1 §6). */
export const hasAnyRole = (roles: readonly Role[]) => roles.length > 0;
export const isClinician = (roles: readonly Role[]) => has(roles, 'clinicians');
export const isSuperAdmin = (roles: readonly Role[]) => has(roles, 'super_admin');
/** Staff, clinician or super_admin: product and order data. */
export const hasProductOrderAccess = (roles: readonly Role[]) => has(roles, 'staff', 'clinicians', 'super_admin');
/** Super_admin or clinician: clinical data. */
export const hasClinicalAccess = (roles: readonly Role[]) => has(roles, 'super_admin', 'clinicians');
/** Auditor_read_only and super_admin see data unmasked. */
export const seesUnmasked = (roles: readonly Role[]) => has(roles, 'auditor_read_only', 'super_admin');
/** An auditor reads but never writes, whatever other group it also has (super admin excepted). */
export const isReadOnly = (roles: readonly Role[]) => has(roles, 'auditor_read_only') && !isSuperAdmin(roles);
/** Roles shown the "Access is restricted" banner: staff, operation support or auditor only. */
export const isNonClinicalOnly = (roles: readonly Role[]) => hasAnyRole(roles) && !has(roles, 'clinicians', 'super_admin');

/** Reads clinical data (lab requests and results): clinicians and super admins, and auditors unmasked (spec 1 §6). */
export const readsClinicalData = (p: { clinicalAccess: boolean; unmasked: boolean }) => p.clinicalAccess || p.unmasked;

export interface Permissions {
  roles: Role[];
  productOrderAccess: boolean;
  clinicalAccess: boolean;
  unmasked: boolean;
  readOnly: boolean;
  superAdmin: boolean;
  clinician: boolean;
}

/** The permission set the portal's authProvider.getPermissions returns; the server derives the same. */
export function permissionsFor(roles: readonly Role[]): Permissions {
  return {
    roles: [...roles],
    productOrderAccess: hasProductOrderAccess(roles),
    clinicalAccess: hasClinicalAccess(roles),
    unmasked: seesUnmasked(roles),
    readOnly: isReadOnly(roles),
    superAdmin: isSuperAdmin(roles),
    clinician: isClinician(roles),
  };
}

/** The PHI access log: auditors and super admins (here, not in access-log.ts: the route guard must not pull zod). */
export const ACCESS_LOG_ROLES: readonly Role[] = ['auditor_read_only', 'super_admin'];
