import { Box, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { actionsColumn, labColumns } from '../shared/lab/labColumns';
import { LabList } from '../shared/lab/LabList';
import { LabRequestRowActions } from './LabRequestRowActions';
import { RequestStatusField } from './RequestStatusField';

/** The table's columns, made once (see LabViewerContext). */
const columns = [
  ...labColumns({ kind: 'request', status: <RequestStatusField /> }),
  actionsColumn((viewer) => <LabRequestRowActions viewer={viewer} />),
];

/** Lab Request table (/request, spec 1 §2). */
export const LabRequestsPage = () => {
  const translate = useTranslate();
  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <Typography variant="h5" component="h1" gutterBottom>
        {translate('lab.labRequestTitle')}
      </Typography>
      <LabList resource="lab-requests" title="lab.labRequestTitle" emptyText="lab.noLabRequests" refreshError="lab.requestsRefreshFailed">
        {columns}
      </LabList>
    </Box>
  );
};

export default LabRequestsPage;
