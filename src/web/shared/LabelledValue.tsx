import { Box, Typography } from '@mui/material';
import type { ReactNode } from 'react';

/** A caption label above its value, a dash when the value is empty (profile headers, patient headers). */
export const LabelledValue = ({ label, value }: { label: string; value: ReactNode }) => (
  <Box>
    <Typography variant="caption" color="text.secondary">
      {label}
    </Typography>
    <Typography>{value || '—'}</Typography>
  </Box>
);
