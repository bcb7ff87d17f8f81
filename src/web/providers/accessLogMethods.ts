import type { ChainStatus, ChainSummary } from '../../domain/access-log';
import type { ApiFetch } from './httpClient';

/** The PHI access log's calls besides its list and export (resource `access-log`), as dataProvider methods. */
export interface AccessLogMethods {
  /** GET /secure/auditLog/chain: seals what is committed and checks every link of the hash chain. */
  getAuditChainStatus(signal?: AbortSignal): Promise<ChainStatus>;
  /** GET /secure/auditLog/chain/summary: how far the sealer chained the log and the last verification (no check). */
  getAuditChainSummary(signal?: AbortSignal): Promise<ChainSummary>;
  /** GET /secure/auditLog/disclosures/{patientId}: the patient's accounting of disclosures (PDF). */
  getDisclosuresPdf(patientId: string): Promise<Blob>;
}

export function createAccessLogMethods(api: ApiFetch): AccessLogMethods {
  return {
    getAuditChainStatus: (signal) => api('/secure/auditLog/chain', { signal }),
    getAuditChainSummary: (signal) => api('/secure/auditLog/chain/summary', { signal }),
    getDisclosuresPdf: (patientId) => api(`/secure/auditLog/disclosures/${encodeURIComponent(patientId)}`, { responseType: 'blob' }),
  };
}
