import { Stack } from '@mui/material';
import { Pagination } from 'react-admin';
import { PATIENT_PAGE_SIZES } from '../../domain/patients/patient-search';
import { ExportCsvButton } from '../shared/lab/ExportCsvButton';

/**
 * Under a profile list (spec 3 §9): the full export (the server's CSV of every row matching the list's filter, the
 * lists' one export button) and the pager of 50/100/200/500.
 */
export const ProfileListFooter = ({ filter, fileName }: { filter: Record<string, unknown>; fileName: string }) => (
  <Stack direction="row" alignItems="center" justifyContent="space-between" flexWrap="wrap">
    <ExportCsvButton filter={filter} fileName={fileName} />
    <Pagination rowsPerPageOptions={[...PATIENT_PAGE_SIZES]} />
  </Stack>
);
