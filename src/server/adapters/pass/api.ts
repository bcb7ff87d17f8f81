import { ApiError } from '../../errors';
import { recordSubmission, type PassAdapter } from './types';

/**
 * Production PASS: POSTs the submission as JSON to PASS_API_URL with the bearer PASS_API_TOKEN; the table keeps
 * only PASS's reference (no payload). A failed or refused call throws 502 and the caller's transaction rolls back.
 */
export function apiPass(opts: { url: string; token: string; fetch?: typeof fetch; timeoutMs?: number }): PassAdapter {
  const doFetch = opts.fetch ?? fetch;
  return {
    provider: 'api',
    async submit(db, s) {
      let res: Response;
      try {
        res = await doFetch(opts.url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${opts.token}` },
          body: JSON.stringify(s.payload),
          signal: AbortSignal.timeout(opts.timeoutMs ?? 10_000),
        });
      } catch {
        throw new ApiError(502, 'Bad gateway', 'PASS could not be reached');
      }
      if (!res.ok) throw new ApiError(502, 'Bad gateway', `PASS refused the submission (HTTP ${res.status})`);
      const body = (await res.json().catch(() => null)) as { id?: unknown; submissionId?: unknown } | null;
      const ref = body && (typeof body.id === 'string' ? body.id : typeof body.submissionId === 'string' ? body.submissionId : null);
      return recordSubmission(db, s, 'api', null, ref ?? null);
    },
  };
}
