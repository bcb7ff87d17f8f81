import { Box, Card, CardContent, CardHeader, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';

/** Read-only label/value pairs in a responsive grid (the kit header and Patient Details). */
export const FieldGrid = ({ fields }: { fields: Array<[label: string, value: ReactNode]> }) => {
  const translate = useTranslate();
  return (
    <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: 'repeat(3, 1fr)' }, gap: 2 }}>
      {fields.map(([label, value]) => (
        <Box key={label}>
          <Typography component="dt" variant="caption" color="text.secondary">
            {translate(label)}
          </Typography>
          <Typography component="dd" sx={{ m: 0, wordBreak: 'break-word' }}>
            {value === null || value === undefined || value === '' ? '—' : value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
};

/** A titled section of the kit detail page (a region named by its title). */
export const Section = ({
  title,
  titleArgs,
  action,
  children,
  id,
}: {
  title: string;
  titleArgs?: Record<string, unknown>;
  action?: ReactNode;
  children: ReactNode;
  id: string;
}) => {
  const translate = useTranslate();
  return (
    <Card variant="outlined" component="section" aria-labelledby={id}>
      <CardHeader title={translate(title, titleArgs)} action={action} slotProps={{ title: { id, variant: 'h6', component: 'h2' } }} />
      <CardContent sx={{ pt: 0 }}>{children}</CardContent>
    </Card>
  );
};
