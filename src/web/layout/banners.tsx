import { Alert, Stack, type AlertColor } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { Banner } from '../../domain/dashboard/banners';

const SEVERITY: Record<Banner['kind'], AlertColor> = {
  superAdminWelcome: 'success',
  accessRestricted: 'warning',
  noLicense: 'warning',
  invalidLicences: 'error',
  noProfile: 'error',
  noRoles: 'error',
};

/** The dashboard banners of spec 1 §6, from homeStateFor(...).banners. */
export const HomeBanners = ({ banners }: { banners: readonly Banner[] }) => {
  const translate = useTranslate();
  if (banners.length === 0) return null;
  return (
    <Stack spacing={1}>
      {banners.map((banner) => (
        <Alert key={banner.kind} severity={SEVERITY[banner.kind]} data-banner={banner.kind}>
          {banner.kind === 'invalidLicences'
            ? translate('app.invalidLicences', { states: banner.states.join(', ') })
            : translate(`app.${banner.kind}`)}
        </Alert>
      ))}
    </Stack>
  );
};
