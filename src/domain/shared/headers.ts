/** Request headers every portal call to /secure carries (spec 1 §7). */
export const ADDRESSEE_TYPE_HEADER = 'addressee-type';
export const ADDRESSEE_TYPE_CLINICIAN = 'C';
export const API_KEY_HEADER = 'api-key';

/**
 * The api-key is derived from the body when the request has one, else from the path (without query).
 * It is not a secret: it binds the request to what it carries, so a replayed header on another
 * path or body is refused. FNV-1a 32-bit, hex, 'p:'/'b:' prefixed input; sync so both sides agree.
 */
export function deriveApiKey(pathname: string, body?: string | null): string {
  const input = body != null && body !== '' ? `b:${body}` : `p:${pathname}`;
  let hash = 0x811c9dc5;
  const bytes = new TextEncoder().encode(input);
  for (const byte of bytes) {
    hash ^= byte;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return `ck_${hash.toString(16).padStart(8, '0')}`;
}

/**
 * Sent by the portal on double-submittable creations (a UUID per user action, reused when the same action is sent
 * again): the server answers a repeated key with the first answer instead of creating a second record.
 */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
