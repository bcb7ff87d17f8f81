import { Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, useTranslate } from 'react-admin';
import type { PortalDataProvider } from '../../providers/dataProvider';

/**
 * The NPI of the physician who wrote a note of the external provider (BELUGA_HEALTH), found by the note's author
 * name through GET /secure/npi (the server applies spec 2 §5's name matching): "NPI: …", or "NPI not found".
 */
export const BelugaNpi = ({ authorName }: { authorName: string }) => {
  const translate = useTranslate();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const found = useQuery({
    queryKey: ['npi', authorName],
    queryFn: ({ signal }) => dataProvider.npiByName(authorName, signal),
    enabled: authorName.trim() !== '',
    retry: false,
    staleTime: Infinity,
  });
  let text: string;
  if (found.data) text = translate('chartNote.npi', { npi: found.data.npi });
  // No match (404), no author name, or a lookup that failed: the note names no NPI.
  else if (found.isError || !authorName.trim()) text = translate('chartNote.npiNotFound');
  else text = translate('chartNote.npiLoading');
  return (
    <Typography variant="body2" color="text.secondary" data-testid="beluga-npi">
      {text}
    </Typography>
  );
};
