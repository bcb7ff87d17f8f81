import { Alert, Button } from '@mui/material';
import { useGetList, useTranslate } from 'react-admin';
import { Link } from 'react-router';

type AdminLicence = { id: string; state: string; licenseId: string; verified: boolean; clinicianId: string; clinicianName: string };

/** Clinicians named in the banner before "and N more". */
const SHOWN = 8;

/**
 * The super admin's dashboard banner listing the licences nobody has verified yet (beyond the spec): they open no
 * patients until verified (domain/licenses.ts countsForScope); the link opens the licences to verify them.
 */
export const UnverifiedLicencesBanner = () => {
  const translate = useTranslate();
  // The server filters: only the unverified licences travel (at most the list's 1000 rows a request).
  const { data } = useGetList<AdminLicence>('all-licences', {
    filter: { verified: false },
    pagination: { page: 1, perPage: 1000 },
    sort: { field: 'clinicianName', order: 'ASC' },
  });
  const unverified = (data ?? []).filter((l) => !l.verified);
  if (!unverified.length) return null;
  const byClinician = new Map<string, { name: string; states: string[] }>();
  for (const l of unverified) {
    const c = byClinician.get(l.clinicianId) ?? { name: l.clinicianName, states: [] };
    c.states.push(l.state);
    byClinician.set(l.clinicianId, c);
  }
  const entries = [...byClinician.values()].map((c) => `${c.name} (${c.states.join(', ')})`);
  const shown = entries.slice(0, SHOWN).join('; ');
  const list = entries.length > SHOWN ? translate('profile.licence.unverifiedMore', { list: shown, count: entries.length - SHOWN }) : shown;
  return (
    <Alert
      severity="info"
      data-banner="unverifiedLicences"
      action={
        <Button component={Link} to="/license" color="inherit" size="small">
          {translate('profile.licence.review')}
        </Button>
      }
    >
      {translate('profile.licence.unverifiedBanner', { smart_count: unverified.length, list })}
    </Alert>
  );
};
