import { Button, Chip, Typography } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { DataTable, ListBase, useDataProvider, useListContext, useNotify, useTranslate } from 'react-admin';
import { TOAST_MS } from '../../domain/constants';
import type { Licence } from '../../domain/licenses';
import type { PortalDataProvider } from '../providers/dataProvider';

type AdminLicence = Licence & { verified: boolean; valid: boolean; clinicianName: string };

const Table = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const { data, isPending } = useListContext<AdminLicence>();
  const verify = useMutation({
    mutationFn: (id: string) => dataProvider.verifyLicence(id),
    onSuccess: () => {
      notify('profile.licence.verifiedDone', { type: 'success', autoHideDuration: TOAST_MS.default });
      void queryClient.invalidateQueries({ queryKey: ['all-licences'] });
    },
    onError: (e) => notify('profile.licenceUpdateFailed', { type: 'error', messageArgs: { message: (e as Error)?.message || translate('profile.unknownError') } }),
  });
  if (isPending || !data?.length) return null;
  return (
    <DataTable<AdminLicence> bulkActionButtons={false} rowClick={false}>
      <DataTable.Col<AdminLicence> source="clinicianName" label={translate('profile.licence.clinician')} disableSort />
      <DataTable.Col<AdminLicence> source="state" label={translate('profile.field.state')} disableSort />
      <DataTable.Col<AdminLicence> source="licenseId" label={translate('profile.licence.npiNumber')} disableSort />
      <DataTable.Col<AdminLicence> source="expirationDate" label={translate('profile.licence.expires')} disableSort />
      <DataTable.Col<AdminLicence> label="" disableSort align="right" render={(l) => (l.verified
        ? <Chip size="small" color="info" variant="outlined" label={translate('profile.licence.verified')} />
        : <Button size="small" disabled={verify.isPending} onClick={() => verify.mutate(String(l.id))}>{translate('profile.licence.verify')}</Button>)} />
    </DataTable>
  );
};

/** The super admin's view of every clinician's licences, marking one verified (beyond the spec; issue 17). */
export const AllLicences = () => {
  const translate = useTranslate();
  return (
    <>
      <Typography variant="subtitle1" component="h2" sx={{ mt: 3 }}>{translate('profile.licence.allTitle')}</Typography>
      <ListBase<AdminLicence> resource="all-licences" perPage={500} disableSyncWithLocation>
        <Table />
      </ListBase>
    </>
  );
};
