import { Box, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { actionsColumn, labColumns } from '../lab-shared/labColumns';
import { LabList } from '../lab-shared/LabList';
import { useLabViewer } from '../lab-shared/useLabViewer';
import { LabRequestRowActions } from './LabRequestRowActions';
import { RequestStatusField } from './RequestStatusField';

/** Lab Request table (/request, spec 1 §2). */
export const LabRequestsPage = () => {
  const translate = useTranslate();
  const viewer = useLabViewer();
  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <Typography variant="h5" component="h1" gutterBottom>
        {translate('lab.labRequestTitle')}
      </Typography>
      <LabList resource="lab-requests" title="lab.labRequestTitle" emptyText="lab.noLabRequests" refreshError="lab.requestsRefreshFailed">
        {labColumns({ kind: 'request', status: <RequestStatusField /> })}
        {actionsColumn(() => <LabRequestRowActions viewer={viewer} />)}
      </LabList>
    </Box>
  );
};

export default LabRequestsPage;
