import { QueryClient } from '@tanstack/react-query';

/**
 * Whether a failed read is asked again: a refusal or a bad request (4xx) is the server's answer, and asking again
 * only shows it seconds later (react-query's default retries three times with back-off, ~7 s of spinner for a
 * refused role). A network failure (status 0), a timeout (408), a rate limit (429) or a server error is tried
 * twice more, after react-query's back-off.
 */
const TRANSIENT = new Set([408, 429]);
export function retryRead(failureCount: number, error: unknown): boolean {
  const status = typeof error === 'object' && error !== null ? (error as { status?: unknown }).status : undefined;
  if (typeof status === 'number' && status >= 400 && status < 500 && !TRANSIENT.has(status)) return false;
  return failureCount < 2;
}

/** The portal's react-query client (react-admin's data hooks run on it). */
export const portalQueryClient = () => new QueryClient({ defaultOptions: { queries: { retry: retryRead } } });
