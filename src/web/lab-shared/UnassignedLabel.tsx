import { Typography } from '@mui/material';
import { useTranslate } from 'react-admin';

/** "Unassigned" in the Clinician column. */
export const UnassignedLabel = () => {
  const translate = useTranslate();
  return (
    <Typography component="span" variant="body2" color="text.secondary">
      {translate('lab.unassigned')}
    </Typography>
  );
};
