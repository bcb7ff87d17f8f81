import { Link, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import type { OrderReportRow } from '../../domain/kits/kit-reports';
import { kitDetailsPath } from '../shared/lab/labRow';

export const ORDER_COLUMNS = ['orderId', 'orderedBy', 'kitDetails', 'patientInfo', 'status'] as const;
export type OrderColumn = (typeof ORDER_COLUMNS)[number];

/** A tracking link (opens the carrier's page in a new tab); masked values as text. */
const TrackingLink = ({ url, label }: { url: string | null; label: string }) => {
  if (!url) return null;
  if (!/^https?:\/\//i.test(url)) return <Typography variant="body2">{url}</Typography>;
  return (
    <Link href={url} target="_blank" rel="noopener noreferrer" variant="body2">
      {label}
    </Link>
  );
};

const Lines = ({ lines }: { lines: Array<ReactNode> }) => (
  <Stack spacing={0.25}>
    {lines
      .filter((l) => l !== null && l !== undefined && l !== '')
      .map((l, i) => (
        <Typography key={i} variant="body2" component="div">
          {l}
        </Typography>
      ))}
  </Stack>
);

/** One Order Report cell (spec 1 §2): Ordered By with address, order email and the tracking links; Patient Info or "No Address". */
export function orderCell(c: OrderColumn, o: OrderReportRow, t: (key: string) => string): ReactNode {
  switch (c) {
    case 'orderId':
      return o.orderId;
    case 'status':
      return o.status;
    case 'kitDetails':
      return o.kitId && !o.masked ? (
        <Link component={RouterLink} to={kitDetailsPath(o.kitId)}>
          {o.kitId}
        </Link>
      ) : (
        o.kitId
      );
    case 'orderedBy': {
      const a = o.address;
      return (
        <Lines
          lines={[
            a ? a.address1 : null,
            a ? [a.city, [a.province_code, a.zip].filter(Boolean).join(' ')].filter(Boolean).join(', ') : null,
            o.orderEmail,
            <TrackingLink key="in" url={o.inboundTracking} label={t('kit.inboundTracking')} />,
            <TrackingLink key="out" url={o.outboundTracking} label={t('kit.outboundTracking')} />,
          ]}
        />
      );
    }
    case 'patientInfo': {
      const p = o.patientUser;
      if (!p) return t('kit.noAddress');
      return <Lines lines={[`${p.firstName} ${p.lastName}`.trim(), p.email, p.phoneNumber]} />;
    }
  }
}
