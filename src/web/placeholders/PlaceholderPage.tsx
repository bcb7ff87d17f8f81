import { Box, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useLocation, useParams } from 'react-router';
import { PageHeading } from '../layout/PageHeading';

/**
 * A portal route that a later release builds: its title, the placeholder text, and the identifiers
 * the URL carries (path parameter such as /result/{kitId}, query such as ?kitId=), so links resolve now.
 */
export const PlaceholderPage = ({ path }: { path: string }) => {
  const translate = useTranslate();
  const params = useParams();
  const { search } = useLocation();
  const details = [
    ...Object.entries(params).filter(([key, value]) => key !== '*' && value),
    ...new URLSearchParams(search).entries(),
  ] as Array<[string, string]>;
  return (
    <Box sx={{ p: 3 }}>
      <PageHeading path={path} />
      <Typography color="text.secondary">{translate('app.placeholderPage')}</Typography>
      {details.length > 0 && (
        <Box component="dl" sx={{ mt: 2, display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2 }}>
          {details.map(([key, value]) => (
            <Box key={key} sx={{ display: 'contents' }}>
              <Typography component="dt" fontWeight="bold">
                {key}
              </Typography>
              <Typography component="dd" sx={{ m: 0 }} data-param={key}>
                {value}
              </Typography>
            </Box>
          ))}
        </Box>
      )}
    </Box>
  );
};

export default PlaceholderPage;
