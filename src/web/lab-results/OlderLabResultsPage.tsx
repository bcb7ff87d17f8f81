import { Box, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useParams } from 'react-router';
import { actionsColumn, labColumns } from '../shared/lab/labColumns';
import { LabList } from '../shared/lab/LabList';
import { OlderResultRowActions } from './OlderResultRowActions';
import { ResultStatusField } from './ResultStatusField';

/** The table's columns, made once (see LabViewerContext). */
const columns = [
  ...labColumns({ kind: 'result', status: <ResultStatusField /> }),
  actionsColumn((viewer) => <OlderResultRowActions viewer={viewer} />),
];

/** Older Lab Results (/result/{kitId}, spec 1 §2): the assigned lab results of one kit. */
export const OlderLabResultsPage = () => {
  const translate = useTranslate();
  const kitId = useParams().kitId ?? '';
  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <Typography variant="h5" component="h1">
        {translate('lab.labResultsTitle')}
      </Typography>
      <Typography color="text.secondary" gutterBottom>
        {translate('lab.olderResultsSubtitle', { kitId })}
      </Typography>
      <LabList
        key={kitId}
        resource="lab-results"
        title="lab.labResultsTitle"
        emptyText="lab.noLabResults"
        refreshError="lab.resultsRefreshFailed"
        fixedFilter={{ kitId, queryType: 'ASSIGNED' }}
      >
        {columns}
      </LabList>
    </Box>
  );
};

export default OlderLabResultsPage;
