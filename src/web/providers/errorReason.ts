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
