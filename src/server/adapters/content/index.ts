import type { Pool } from 'pg';

/** The content service (headless CMS) the portal reads: page name -> attributes (spec 1 §7 "Content service"). */
export interface ContentService {
  /** data.data.attributes of GET /{page}/ on the CMS, or null when the page does not exist. */
  attributes(page: string): Promise<Record<string, unknown> | null>;
}

/** Pages are re-read at most every 10 seconds (the spec's revalidation). */
export const REVALIDATE_MS = 10_000;

function cached(fetchPage: (page: string) => Promise<Record<string, unknown> | null>, now = () => Date.now()): ContentService {
  const cache = new Map<string, { at: number; value: Promise<Record<string, unknown> | null> }>();
  return {
    attributes(page) {
      const hit = cache.get(page);
      if (hit && now() - hit.at < REVALIDATE_MS) return hit.value;
      const value = fetchPage(page).catch((err) => {
        cache.delete(page);
        throw err;
      });
      cache.set(page, { at: now(), value });
      return value;
    },
  };
}

/** Local implementation: pages stored in the content_pages table (seeded with the demo templates). */
export function localContentService(pool: Pool): ContentService {
  return cached(async (page) => {
    const { rows } = await pool.query(`SELECT attributes FROM content_pages WHERE page = $1`, [page]);
    return rows[0]?.attributes ?? null;
  });
}

/** Production implementation: a Strapi-style CMS at baseUrl answering { data: { attributes } } for GET /{page}/. */
export function cmsContentService(baseUrl: string, token?: string, fetchImpl: typeof fetch = fetch): ContentService {
  return cached(async (page) => {
    const res = await fetchImpl(`${baseUrl.replace(/\/$/, '')}/${encodeURIComponent(page)}/?populate=*`, {
      headers: token ? { authorization: `Bearer ${token}` } : {},
      signal: AbortSignal.timeout(5000),
    });
    if (res.status === 404) return null;
    if (!res.ok) throw new Error(`content service answered ${res.status}`);
    const body = (await res.json()) as { data?: { attributes?: Record<string, unknown> } };
    return body.data?.attributes ?? null;
  });
}

export { cached as cachedContentService };
