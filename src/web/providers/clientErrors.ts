import { CLIENT_ERRORS_PATH, clientErrorReport } from '../../domain/client-errors/client-errors';
import { apiFetch } from './httpClient';

/** Sends a screen's render error to the server's log (redacted: domain/client-errors.ts); a failed report is dropped. */
export function reportClientError(pathname: string, error: unknown, componentStack?: string | null): void {
  void apiFetch(CLIENT_ERRORS_PATH, { method: 'POST', body: clientErrorReport(pathname, error, componentStack) }).catch(() => undefined);
}
