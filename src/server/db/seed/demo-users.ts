/** The demo sign-ins (README): one shared password, printed by `npm start`. */
export const DEMO_PASSWORD = 'Portal-Demo-2026!';

export interface DemoLicence {
  state: string;
  licenseId: string;
  expirationDate: string;
  goodStanding: boolean;
}
export interface DemoAccount {
  email: string;
  givenName: string;
  familyName: string;
  groups: string[];
  /** Present where the role has a clinician profile. */
  profile?: { status: 'ACTIVE' | 'INACTIVE'; state: string; timezone: string; calendarLink: string | null; licences: DemoLicence[] };
  note: string;
}

/** The end of the year after next: the demo licences stay valid whenever the demo is started. */
export const DEMO_LICENCE_EXPIRY = `${new Date().getUTCFullYear() + 2}-12-31`;
const lic = (state: string, n: number, expirationDate = DEMO_LICENCE_EXPIRY, goodStanding = true): DemoLicence => ({
  state,
  licenseId: `${state}-RN-${String(n).padStart(6, '0')}`,
  expirationDate,
  goodStanding,
});
const cal = (slug: string) => `https://cal.example.com/${slug}`;

export const DEMO_ACCOUNTS: DemoAccount[] = [
  {
    email: 'clinician@demo.test',
    givenName: 'Jane',
    familyName: 'Doe',
    groups: ['clinicians'],
    note: 'clinician, licences NV CO CA NY, expired TX',
    profile: {
      status: 'ACTIVE',
      state: 'NV',
      timezone: 'America/Los_Angeles',
      calendarLink: cal('jane-doe'),
      licences: [lic('NV', 10231), lic('CO', 20412), lic('CA', 30877), lic('NY', 41290), lic('TX', 55120, '2025-06-30')],
    },
  },
  {
    email: 'clinician.nolicense@demo.test',
    givenName: 'Samuel',
    familyName: 'Rivera',
    groups: ['clinicians'],
    note: 'clinician without a licence',
    profile: { status: 'ACTIVE', state: 'CO', timezone: 'America/Denver', calendarLink: cal('samuel-rivera'), licences: [] },
  },
  {
    email: 'clinician.nocalendar@demo.test',
    givenName: 'Priya',
    familyName: 'Patel',
    groups: ['clinicians'],
    note: 'clinician without a calendar link',
    profile: { status: 'ACTIVE', state: 'CO', timezone: 'America/Denver', calendarLink: null, licences: [lic('CO', 61544)] },
  },
  {
    email: 'clinician.inactive@demo.test',
    givenName: 'Thomas',
    familyName: 'Becker',
    groups: ['clinicians'],
    note: 'clinician with status INACTIVE',
    profile: { status: 'INACTIVE', state: 'NV', timezone: 'America/Los_Angeles', calendarLink: cal('thomas-becker'), licences: [lic('NV', 70312)] },
  },
  {
    email: 'superadmin@demo.test',
    givenName: 'Alex',
    familyName: 'Morgan',
    groups: ['super_admin'],
    note: 'super admin',
    profile: {
      status: 'ACTIVE',
      state: 'NV',
      timezone: 'America/Los_Angeles',
      calendarLink: cal('alex-morgan'),
      licences: [lic('NV', 80001), lic('CO', 80002)],
    },
  },
  { email: 'staff@demo.test', givenName: 'Sarah', familyName: 'Kim', groups: ['staff'], note: 'support staff' },
  { email: 'auditor@demo.test', givenName: 'Owen', familyName: 'Price', groups: ['auditor_read_only'], note: 'read-only auditor' },
  { email: 'ops@demo.test', givenName: 'Lena', familyName: 'Ortiz', groups: ['operation_support'], note: 'operation support' },
  { email: 'pending@demo.test', givenName: 'Pat', familyName: 'Quinn', groups: [], note: 'no group: pending review' },
];

/** Clinicians without a sign-in, so that records can be assigned to "another clinician". */
export const OTHER_CLINICIANS = [
  {
    id: '7d1f0c1e-3a52-4c55-9a0e-1b9f3f1a0001',
    email: 'mark.lee@clinic.test',
    firstName: 'Mark',
    lastName: 'Lee',
    state: 'NV',
    licences: ['NV', 'CA'],
  },
  {
    id: '7d1f0c1e-3a52-4c55-9a0e-1b9f3f1a0002',
    email: 'emily.chen@clinic.test',
    firstName: 'Emily',
    lastName: 'Chen',
    state: 'CO',
    licences: ['CO', 'NY', 'TX'],
  },
];
