import { Typography } from '@mui/material';
import { Title, useTranslate } from 'react-admin';
import { routeTitleKey } from '../routeTitles';

/** A page's title: in the app bar and as the page's h1, from the route title catalogue. */
export const PageHeading = ({ path }: { path: string }) => {
  const title = useTranslate()(routeTitleKey(path));
  return (
    <>
      <Title title={title} />
      <Typography variant="h5" component="h1" gutterBottom>
        {title}
      </Typography>
    </>
  );
};
