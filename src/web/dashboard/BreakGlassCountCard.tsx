import { Alert, Button } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Link, useDataProvider, useTranslate } from 'react-admin';
import type { PortalDataProvider } from '../providers/dataProvider';

/** The super admins' dashboard count of break-glass sessions not yet reviewed; nothing when none wait. */
export const BreakGlassCountCard = () => {
  const translate = useTranslate();
  const dataProvider = useDataProvider<PortalDataProvider>();
  // Under the 'break-glass' key: a review (useUpdate on the resource) invalidates it.
  const { data } = useQuery({ queryKey: ['break-glass', 'count'], queryFn: ({ signal }) => dataProvider.getBreakGlassCount(signal) });
  if (!data?.count) return null;
  return (
    <Alert
      severity="warning"
      data-testid="break-glass-count"
      action={
        <Button component={Link} to="/break-glass" size="small" color="inherit">
          {translate('breakGlass.openReview')}
        </Button>
      }
    >
      {translate('breakGlass.dashboardCard')}: <strong>{data.count}</strong>
    </Alert>
  );
};
