/** Texts of the super admin's pending sign-ups (beyond the spec), `signUps.*`. */
export const SIGN_UP_TEXT = {
  title: 'Pending sign-ups',
  columns: { name: 'Name', email: 'E-mail', profile: 'Profile', action: 'Action' },
  empty: 'No sign-ups are waiting for review.',
  loadFailed: 'Pending sign-ups could not be read. %{reason}',
  noProfile: 'no profile yet',
  addToGroup: 'Add to group',
  group: 'Group',
  confirmTitle: 'Add to group',
  confirmContent: 'Add %{name} (%{email}) to the group %{group}? Their next sign-in opens the portal with that role.',
  added: '%{email} was added to %{group}',
  failed: 'Adding to the group failed. %{reason}',
  groups: {
    clinicians: 'Clinician',
    super_admin: 'Super admin',
    auditor_read_only: 'Auditor (read-only)',
    staff: 'Staff',
    operation_support: 'Operation support',
  },
} as const;
