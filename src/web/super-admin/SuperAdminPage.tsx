import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Alert, Box, Button, Card, CardActionArea, CardContent, Stack, Typography } from '@mui/material';
import { CanAccess, useTranslate } from 'react-admin';
import { useNavigate, useSearchParams } from 'react-router';
import { SUPER_ADMIN_PAGES, superAdminHref, superAdminPageOf, type SuperAdminPage as Page } from '../../domain/super-admin/super-admin';
import { PageHeading } from '../layout/PageHeading';
import { LabcorpUpload } from './LabcorpUpload';
import { OrderForm } from './OrderForm';
import { PendingSignUps } from './PendingSignUps';

const T = 'superAdmin';

const SCREENS: Record<Page, () => React.ReactElement> = {
  CreateOrder: () => <OrderForm kind="KIT" />,
  CreatePrepOrder: () => <OrderForm kind="PREP" />,
  UploadLabcorpResults: () => <LabcorpUpload />,
};

/** The landing's four cards; Register Kit for Patient is shown disabled. */
const Landing = () => {
  const translate = useTranslate();
  const navigate = useNavigate();
  const cards = [...SUPER_ADMIN_PAGES.map((p) => ({ key: p, page: p as Page | null })), { key: 'RegisterKit', page: null }];
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: 'repeat(4, 1fr)' }, gap: 2 }}>
      {cards.map(({ key, page }) => (
        <Card key={key} variant="outlined" sx={{ opacity: page ? 1 : 0.6 }}>
          <CardActionArea disabled={!page} aria-disabled={!page} onClick={() => page && navigate(superAdminHref(page))} sx={{ height: '100%' }}>
            <CardContent>
              <Typography variant="h6" component="h2">
                {translate(`${T}.cards.${key}`)}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {translate(`${T}.cardHints.${key}`)}
              </Typography>
            </CardContent>
          </CardActionArea>
        </Card>
      ))}
    </Box>
  );
};

/**
 * Super-admin panel (/super-admin, spec 3 §2): the landing's cards, or the sub-view chosen by `page` (CreateOrder,
 * CreatePrepOrder, UploadLabcorpResults) with `patientId` and `kitName` prefill; Back resets to /super-admin.
 * Super admins only (the route guard, and CanAccess here).
 */
export const SuperAdminPage = () => {
  const translate = useTranslate();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const page = superAdminPageOf(params.get('page'));
  const Screen = page ? SCREENS[page] : null;
  return (
    <Box sx={{ p: { xs: 1, sm: 3 } }}>
      <PageHeading path="/super-admin" />
      <CanAccess resource="super-admin" action="list" accessDenied={<Alert severity="error">{translate(`${T}.noAccess`)}</Alert>}>
        {Screen ? (
          <Stack spacing={2}>
            <Stack direction="row" spacing={2} alignItems="center">
              <Button startIcon={<ArrowBackIcon />} onClick={() => navigate('/super-admin')}>
                {translate(`${T}.back`)}
              </Button>
              <Typography variant="h6" component="h2">
                {translate(`${T}.cards.${page}`)}
              </Typography>
            </Stack>
            {/* a new page or patient starts a fresh form */}
            <Screen key={params.toString()} />
          </Stack>
        ) : (
          <>
            <Landing />
            <PendingSignUps />
          </>
        )}
      </CanAccess>
    </Box>
  );
};

export default SuperAdminPage;
