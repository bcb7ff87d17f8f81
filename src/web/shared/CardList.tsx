import { Card, CardContent, Stack, type SxProps, type Theme } from '@mui/material';
import type { ReactNode } from 'react';
import type { Identifier } from 'react-admin';

/**
 * A list's records as one outlined card each (a list of list items): what a table shows on a phone, where its row would
 * be wider than the screen. `children` lays out one record's card content.
 */
export function CardList<R extends { id: Identifier }>({ data, children, contentSx }: {
  data: readonly R[];
  children: (record: R) => ReactNode;
  contentSx?: SxProps<Theme>;
}) {
  return (
    <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {data.map((record) => (
        <Card key={record.id} component="li" variant="outlined">
          <CardContent sx={contentSx}>{children(record)}</CardContent>
        </Card>
      ))}
    </Stack>
  );
}
