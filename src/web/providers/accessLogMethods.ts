import type { ChainStatus, ChainSummary } from '../../domain/access-log/access-log';
import type { ApiFetch } from './httpClient';

/** The PHI access log's calls besides its list and export (resource `access-log`), as dataProvider methods. */
export function createAccessLogMethods(api: ApiFetch) {
  return {
    /** GET /secure/auditLog/chain: seals what is committed and checks every link of the hash chain. */
    getAuditChainStatus: (signal?: AbortSignal): Promise<ChainStatus> => api('/secure/auditLog/chain', { signal }),
    /** GET /secure/auditLog/chain/summary: how far the sealer chained the log and the last verification (no check). */
    getAuditChainSummary: (signal?: AbortSignal): Promise<ChainSummary> => api('/secure/auditLog/chain/summary', { signal }),
    /** GET /secure/auditLog/disclosures/{patientId}: the patient's accounting of disclosures (PDF). */
    getDisclosuresPdf: (patientId: string): Promise<Blob> =>
      api(`/secure/auditLog/disclosures/${encodeURIComponent(patientId)}`, { responseType: 'blob' }),
  };
}

export type AccessLogMethods = ReturnType<typeof createAccessLogMethods>;
