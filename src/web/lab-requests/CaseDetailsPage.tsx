import { Box, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useParams } from 'react-router';
import { actionsColumn, labColumns } from '../shared/lab/labColumns';
import { LabList } from '../shared/lab/LabList';
import { LabRequestRowActions } from './LabRequestRowActions';
import { RequestStatusField } from './RequestStatusField';

/** The table's columns, made once (see LabViewerContext). */
const columns = [
  ...labColumns({ kind: 'request', status: <RequestStatusField /> }),
  actionsColumn((viewer) => <LabRequestRowActions viewer={viewer} patientDetails />),
];

/** Case details (/userrequest/{kitId}, spec 1 §2): the assigned lab request of the kit, approve/reject, Patient Details. */
export const CaseDetailsPage = () => {
  const translate = useTranslate();
  const kitId = useParams().kitId ?? '';
  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <Typography variant="h5" component="h1" gutterBottom>
        {translate('lab.caseDetailsTitle')}
      </Typography>
      <LabList
        key={kitId}
        resource="lab-requests"
        title="lab.caseDetailsTitle"
        emptyText="lab.noLabRequests"
        refreshError="lab.requestsRefreshFailed"
        fixedFilter={{ kitId, queryType: 'ASSIGNED' }}
      >
        {columns}
      </LabList>
    </Box>
  );
};

export default CaseDetailsPage;
