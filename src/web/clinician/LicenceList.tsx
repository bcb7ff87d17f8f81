import { Chip, List, ListItem, ListItemText, Typography } from '@mui/material';
import { useGetList, useTranslate } from 'react-admin';
import { isLicenceValid, todayUtc, type Licence } from '../../domain/licenses';

/** The clinician's licences (GET /secure/license) with a Valid / Invalid chip each. */
export const LicenceList = () => {
  const translate = useTranslate();
  const { data, isPending, error } = useGetList<Licence>('licenses', {
    pagination: { page: 1, perPage: 100 },
    sort: { field: 'state', order: 'ASC' },
  });
  if (isPending) return <Typography color="text.secondary">{translate('ui.loading')}</Typography>;
  if (error) return <Typography color="error">{(error as Error).message}</Typography>;
  if (!data?.length) return <Typography color="text.secondary">{translate('ui.noLicences')}</Typography>;
  const today = todayUtc();
  return (
    <List dense aria-label={translate('ui.licences')}>
      {data.map((licence) => {
        const valid = isLicenceValid(licence, today);
        return (
          <ListItem key={licence.id} disableGutters>
            <ListItemText
              primary={`${licence.state} · ${licence.licenseId}`}
              secondary={translate('ui.licenceExpires', { date: licence.expirationDate })}
            />
            <Chip
              size="small"
              color={valid ? 'success' : 'error'}
              label={translate(valid ? 'ui.licenceValid' : 'ui.licenceInvalid')}
            />
          </ListItem>
        );
      })}
    </List>
  );
};
