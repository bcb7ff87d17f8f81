import { describe, expect, it, vi } from 'vitest';
import { cachedContentService, cmsContentService, REVALIDATE_MS } from './index';

describe('content service', () => {
  it('revalidates a page at most every 10 s', async () => {
    let t = 0;
    const fetchPage = vi.fn(async () => ({ v: t }));
    const svc = cachedContentService(fetchPage, () => t);
    await svc.attributes('p');
    t = REVALIDATE_MS - 1;
    await svc.attributes('p');
    expect(fetchPage).toHaveBeenCalledTimes(1);
    t = REVALIDATE_MS;
    expect(await svc.attributes('p')).toEqual({ v: REVALIDATE_MS });
    expect(fetchPage).toHaveBeenCalledTimes(2);
  });
  it('reads data.data.attributes from the CMS', async () => {
    const fetchImpl = vi.fn(async (_url: string) => new Response(JSON.stringify({ data: { attributes: { bookingSummary: 'x' } } }), { status: 200 }));
    const svc = cmsContentService('https://cms.example.com/api', 'tok', fetchImpl as unknown as typeof fetch);
    expect(await svc.attributes('clinician-portal')).toEqual({ bookingSummary: 'x' });
    expect((fetchImpl.mock.calls[0] as unknown[])[0]).toBe('https://cms.example.com/api/clinician-portal/?populate=*');
  });
});
