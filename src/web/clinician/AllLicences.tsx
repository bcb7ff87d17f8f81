import { Box, Button, Chip, Tooltip, Typography, useMediaQuery, type Theme } from '@mui/material';
import { DataTable, ListBase, useListContext, useTranslate } from 'react-admin';
import { todayUtc, verifyRefusal, type Licence } from '../../domain/clinician/licenses';
import { CardList } from '../shared/CardList';
import { EmptyList, ListError } from '../shared/listStates';
import { failureWithReason, useAction } from '../shared/useAction';

type AdminLicence = Licence & { verified: boolean; valid: boolean; clinicianName: string };

/** Verify, or the reason it is refused (an expired licence cannot be verified: the server refuses it too). */
const VerifyButton = ({ licence, pending, onVerify }: { licence: AdminLicence; pending: boolean; onVerify: () => void }) => {
  const translate = useTranslate();
  const refusal = verifyRefusal(licence, todayUtc());
  const button = (
    <Button size="small" disabled={pending || !!refusal} onClick={onVerify}>
      {translate('profile.licence.verify')}
    </Button>
  );
  if (!refusal) return button;
  const reason = translate('profile.licence.expiredNotVerifiable');
  // a disabled button fires no events: the tooltip hangs on a wrapper that carries the reason
  return (
    <Tooltip title={reason}>
      <span aria-label={reason}>{button}</span>
    </Tooltip>
  );
};

const LicencesTable = () => {
  const translate = useTranslate();
  const { data, isPending, error } = useListContext<AdminLicence>();
  const phone = useMediaQuery((t: Theme) => t.breakpoints.down('sm'));
  const verify = useAction((dp, id: string) => dp.verifyLicence(id), {
    success: 'profile.licence.verifiedDone',
    failure: failureWithReason('profile.licenceUpdateFailed', 'message', translate('profile.unknownError')),
    invalidate: ['all-licences'],
  });
  if (isPending) return null;
  if (error) return <ListError text="profile.licence.allFailed" />;
  if (!data?.length) return <EmptyList text="profile.licence.allEmpty" />;
  const verification = (l: AdminLicence) =>
    l.verified ? (
      <Chip size="small" color="info" variant="outlined" label={translate('profile.licence.verified')} />
    ) : (
      <VerifyButton licence={l} pending={verify.isPending} onVerify={() => verify.mutate(String(l.id))} />
    );
  // On a phone each licence is a card (clinician, state and number, expiry, verification) instead of a table row.
  if (phone) {
    return (
      <CardList data={data} contentSx={{ display: 'flex', alignItems: 'center', gap: 1, '&:last-child': { pb: 2 } }}>
        {(l) => (
          <>
            <Box sx={{ flex: 1, minWidth: 0 }}>
              <Typography sx={{ fontWeight: 600 }}>{l.clinicianName}</Typography>
              <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                {l.state} · {l.licenseId}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {translate('profile.licence.expires')} {l.expirationDate}
              </Typography>
            </Box>
            {verification(l)}
          </>
        )}
      </CardList>
    );
  }
  return (
    <DataTable<AdminLicence> bulkActionButtons={false} rowClick={false}>
      <DataTable.Col<AdminLicence> source="clinicianName" label={translate('profile.licence.clinician')} disableSort />
      <DataTable.Col<AdminLicence> source="state" label={translate('profile.field.state')} disableSort />
      <DataTable.Col<AdminLicence> source="licenseId" label={translate('profile.licence.npiNumber')} disableSort />
      <DataTable.Col<AdminLicence> source="expirationDate" label={translate('profile.licence.expires')} disableSort />
      <DataTable.Col<AdminLicence> label="" disableSort align="right" render={verification} />
    </DataTable>
  );
};

/** The super admin's view of every clinician's licences, verifying one (not an expired one; beyond the spec). */
export const AllLicences = () => {
  const translate = useTranslate();
  return (
    <>
      <Typography variant="subtitle1" component="h2" sx={{ mt: 3 }}>
        {translate('profile.licence.allTitle')}
      </Typography>
      <ListBase<AdminLicence> resource="all-licences" perPage={500} sort={{ field: 'clinicianName', order: 'ASC' }} disableSyncWithLocation>
        <LicencesTable />
      </ListBase>
    </>
  );
};
