/** The server's error body (ARCHITECTURE: errors are JSON { msg, reason }). */
export interface ApiErrorBody {
  msg?: string;
  reason?: string;
  /** The refused request field (its path, e.g. "name"), on a validation error. */
  field?: string;
}

export interface FormattedError {
  message: string;
  status: number | 'NA';
}

export const NO_RESPONSE_TEXT = 'Error setting up request to serve.Try again,report if persist';
export const FAILED_CALL_TEXT = 'Failed calling server.Try again,report if persist';

/**
 * The generic error formatter of spec 1 §8, reproduced exactly:
 * with a response: (msg or "Internal server error") + ".Reason: " + (reason or "unknown cause");
 * a request sent without response, or a call that never went out: the two fixed texts; status NA when missing.
 */
export function formatApiError(error: { response?: { status?: number; data?: unknown } | null; requestSent?: boolean }): FormattedError {
  if (error.response) {
    const data = (error.response.data ?? {}) as ApiErrorBody;
    const msg = typeof data.msg === 'string' && data.msg ? data.msg : 'Internal server error';
    const reason = typeof data.reason === 'string' && data.reason ? data.reason : 'unknown cause';
    return { message: `${msg}.Reason: ${reason}`, status: error.response.status ?? 'NA' };
  }
  if (error.requestSent) return { message: NO_RESPONSE_TEXT, status: 'NA' };
  return { message: FAILED_CALL_TEXT, status: 'NA' };
}
