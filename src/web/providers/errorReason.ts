/**
 * What a failed dataProvider call says, for toasts and alerts: the portal's HTTP client throws react-admin HttpErrors
 * whose message is the generic formatter's text and whose body is the server's `{ msg, reason }`.
 */

/**
 * The reason of a failed call, for "… Reason: {reason}" texts: the server's reason ({ msg, reason } body), else the
 * error's own text, else null (callers then say "unknown").
 */
export function errorReason(error: unknown): string | null {
  const body = (error as { body?: unknown } | null)?.body;
  const reason = body && typeof body === 'object' ? (body as { reason?: unknown }).reason : undefined;
  if (typeof reason === 'string' && reason) return reason;
  return error instanceof Error && error.message ? error.message : null;
}

/** The error's message (the server's reason as the generic formatter gives it), else the fallback. */
export const reasonOf = (error: unknown, fallback = 'unknown') =>
  (error instanceof Error && error.message) || (typeof error === 'string' && error) || fallback;

/** The HTTP status of a failed call (react-admin HttpError), or 0. */
export const statusOf = (error: unknown) =>
  typeof error === 'object' && error !== null && 'status' in error && typeof (error as { status: unknown }).status === 'number'
    ? (error as { status: number }).status
    : 0;

/** The server's msg and reason of a failed call ({ msg, reason } body), else the error's message. */
export function msgReasonOf(error: unknown): { msg: string; reason: string } {
  const body = typeof error === 'object' && error !== null && 'body' in error ? (error as { body: unknown }).body : null;
  const b = (body && typeof body === 'object' ? body : {}) as { msg?: unknown; reason?: unknown };
  return {
    msg: typeof b.msg === 'string' ? b.msg : reasonOf(error),
    reason: typeof b.reason === 'string' ? b.reason : 'unknown cause',
  };
}

/** The server's reason of a failed call (react-admin HttpError body { msg, reason }), else null. */
export function serverReason(error: unknown): string | null {
  const body = (error as { body?: { reason?: unknown } } | null)?.body;
  return body && typeof body.reason === 'string' && body.reason ? body.reason : null;
}
