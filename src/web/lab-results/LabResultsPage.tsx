import { Box, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { actionsColumn, labColumns } from '../shared/lab/labColumns';
import { LabList } from '../shared/lab/LabList';
import { LabResultRowActions } from './LabResultRowActions';
import { ResultStatusField } from './ResultStatusField';

/** The table's columns, made once (see LabViewerContext). */
const columns = [
  ...labColumns({ kind: 'result', status: <ResultStatusField /> }),
  actionsColumn((viewer) => <LabResultRowActions viewer={viewer} />),
];

/** Lab Results table (/result, spec 1 §2). */
export const LabResultsPage = () => {
  const translate = useTranslate();
  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <Typography variant="h5" component="h1" gutterBottom>
        {translate('lab.labResultsTitle')}
      </Typography>
      <LabList resource="lab-results" title="lab.labResultsTitle" emptyText="lab.noLabResults" refreshError="lab.resultsRefreshFailed">
        {columns}
      </LabList>
    </Box>
  );
};

export default LabResultsPage;
