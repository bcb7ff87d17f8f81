import { z } from 'zod';
import { findNpi, nameWords } from '../../../domain/clinician/npi';
import { NPI_NOT_FOUND } from '../../../domain/i18n/en/chart-note';
import { ApiError } from '../../errors';
import type { NpiLookup } from './types';

/** The public NPPES NPI Registry API (CMS), version 2.1: https://npiregistry.cms.hhs.gov/api-page. No credentials. */
export const NPPES_DEFAULT_URL = 'https://npiregistry.cms.hhs.gov/api/';

const nppesAnswer = z.object({
  result_count: z.number().optional(),
  results: z
    .array(
      z
        .object({
          number: z.union([z.string(), z.number()]),
          basic: z.object({ first_name: z.string().optional(), last_name: z.string().optional() }).passthrough(),
        })
        .passthrough(),
    )
    .default([]),
  Errors: z.array(z.object({ description: z.string().optional() }).passthrough()).optional(),
});

/**
 * Production implementation: individual providers (NPI-1) whose last name starts like the query's last word are
 * fetched from NPPES (at most 50), then the domain's name rule picks the best one, as the local lookup does.
 */
export function nppesNpiLookup(baseUrl = NPPES_DEFAULT_URL, fetchImpl: typeof fetch = fetch): NpiLookup {
  return {
    async find(name) {
      const words = nameWords(name).filter((w) => !['dr', 'md', 'do', 'np', 'pa', 'rn'].includes(w));
      if (words.length < 2) return null;
      const url = new URL(baseUrl);
      url.searchParams.set('version', '2.1');
      url.searchParams.set('enumeration_type', 'NPI-1');
      url.searchParams.set('first_name', `${words[0].slice(0, 2)}*`);
      url.searchParams.set('last_name', `${words[words.length - 1].slice(0, 2)}*`);
      url.searchParams.set('limit', '50');
      let res: Response;
      try {
        res = await fetchImpl(url, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(5000) });
      } catch {
        throw new ApiError(502, 'Bad gateway', 'the NPI registry did not answer');
      }
      if (!res.ok) throw new ApiError(502, 'Bad gateway', `the NPI registry answered ${res.status}`);
      const body = nppesAnswer.safeParse(await res.json());
      if (!body.success || body.data.Errors?.length) throw new ApiError(502, 'Bad gateway', 'the NPI registry refused the query');
      const candidates = body.data.results.map((r) => ({
        name: `${r.basic.first_name ?? ''} ${r.basic.last_name ?? ''}`.trim(),
        npi: String(r.number),
      }));
      const match = findNpi(name, candidates);
      return match === NPI_NOT_FOUND ? null : match;
    },
  };
}
