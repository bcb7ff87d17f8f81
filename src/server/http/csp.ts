import { ACCEPT_JS } from '../../domain/payments/payment';
import type { ServerConfig } from '../config';
import { prescribingOrigins } from '../adapters/prescribing';

/**
 * Content-Security-Policy of the portal: only this origin, the identity provider and, with S3, the bucket whose
 * presigned URLs (labels, manifests, identity documents) the portal fetches and shows; frames only the origin of the
 * configured public booking site (the calendar's embedded scheduling widget).
 */
export function cspDirectives(config: Pick<ServerConfig, 'cognito' | 'storage' | 'mode' | 'bookingPublicUrl' | 'payment' | 'prescribing'>) {
  const cognitoOrigin = config.cognito.endpoint ?? `https://cognito-idp.${config.cognito.region}.amazonaws.com`;
  const storageOrigins = config.storage.kind === 's3' ? [`https://${config.storage.bucket}.s3.${config.storage.region}.amazonaws.com`] : [];
  // Accept.js: its script and the gateway it posts card data to, only when Authorize.Net is configured.
  const accept = config.payment?.provider === 'authorizenet' ? ACCEPT_JS[config.payment.environment] : null;
  const acceptScript = accept ? [new URL(accept.script).origin] : [];
  // Photon's prescribe web component (bundled) signs in and calls its API from the page: its origins only when configured.
  const photon = prescribingOrigins(config);
  return {
    defaultSrc: ["'self'"],
    connectSrc: ["'self'", 'blob:', cognitoOrigin, ...storageOrigins, ...(accept?.apiOrigins ?? []), ...photon],
    imgSrc: ["'self'", 'data:', 'blob:', ...storageOrigins],
    styleSrc: ["'self'", "'unsafe-inline'"],
    scriptSrc: ["'self'", ...acceptScript],
    workerSrc: ["'self'", 'blob:'],
    frameSrc: photon.length
      ? [...new Set([...frameOrigins(config.bookingPublicUrl), ...photon])].filter((o) => o !== "'none'")
      : frameOrigins(config.bookingPublicUrl),
    frameAncestors: ["'none'"],
    upgradeInsecureRequests: config.mode === 'production' ? [] : null,
  };
}

/** The http(s) origin of the booking site, or 'none' when it is not a valid http(s) URL. */
function frameOrigins(bookingPublicUrl: string | undefined): string[] {
  try {
    const url = new URL(bookingPublicUrl ?? '');
    return url.protocol === 'https:' || url.protocol === 'http:' ? [url.origin] : ["'none'"];
  } catch {
    return ["'none'"];
  }
}
