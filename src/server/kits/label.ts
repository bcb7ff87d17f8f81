import { createHash } from 'node:crypto';
import { LABEL_URL_CACHE_MS, LABEL_URL_TTL_SECONDS } from '../../domain/kits/kits';
import type { AppStorage } from '../adapters/object-storage';
import { assertProductOrderAccess } from '../auth/access';
import type { DataAccess } from '../data/access';
import { renderSampleLabel, type LabelContent } from './pdf';

const MAX_CACHED = 5000;

/**
 * Where the label of this content lives: a key derived from the kit and what the label prints, so the object store is a
 * cache any instance finds again (a label is never recorded on the kit: printing reads, it writes no business data).
 */
export function labelKey(kitId: string, fingerprint: string): string {
  const h = createHash('sha256').update(`${kitId}\n${fingerprint}`).digest('hex');
  return `SAMPLE_LABELS/${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 32)}.pdf`;
}

/**
 * Sample labels (spec 1 §5 Print label, §7): a PDF with the kit id, patient name, date of birth and a Code 128 of the
 * kit id, answered as a presigned URL valid 30 minutes that carries the patient id. A pure cache: the PDF is rendered
 * once per content into the object store (a new one when what it prints changes), and the signed URL is reused for
 * 28 minutes per kit (spec: cached under 29 minutes), so a reused link always has at least 2 minutes left. A GET writes
 * only its audit row, so read-only auditors may print.
 */
export function labelService(storage: AppStorage, now: () => number = () => Date.now()) {
  const cache = new Map<string, { url: string; key: string; fingerprint: string; until: number }>();
  const rendering = new Map<string, Promise<void>>();

  function remember(kitId: string, entry: { url: string; key: string; fingerprint: string }) {
    cache.delete(kitId);
    if (cache.size >= MAX_CACHED) cache.delete(cache.keys().next().value as string);
    cache.set(kitId, { ...entry, until: now() + LABEL_URL_CACHE_MS });
  }

  /** Makes sure the label object exists; true when this call rendered it (concurrent callers wait for one rendering). */
  async function ensureLabel(key: string, content: LabelContent): Promise<boolean> {
    const pending = rendering.get(key);
    if (pending) {
      await pending;
      return false;
    }
    // Registered before the first await, so a concurrent request for the same label waits for this one.
    const job = (async () => {
      if (await storage.get(key)) return false;
      await storage.putAt(key, await renderSampleLabel(content), 'application/pdf');
      return true;
    })();
    rendering.set(
      key,
      job.then(
        () => undefined,
        () => undefined,
      ),
    );
    try {
      return await job;
    } finally {
      rendering.delete(key);
    }
  }

  async function labelUrl(data: DataAccess, kitId: string): Promise<{ url: string }> {
    assertProductOrderAccess(data.actor);
    // The label prints the patient's name and date of birth: a kit outside the viewer's scope reads as unknown.
    const kit = await data.kits.labelKit(kitId);
    const content: LabelContent = {
      kitId,
      patientName: kit.patientId ? `${kit.firstName ?? ''} ${kit.lastName ?? ''}`.trim() : null,
      dob: kit.dob,
      labName: kit.labName,
      requisitionId: kit.requisitionId,
      collected: kit.collected ? kit.collected.toISOString().slice(0, 10) : null,
    };
    const fingerprint = createHash('sha256').update(JSON.stringify(content)).digest('hex');
    const audited = (action: 'CREATE_LABEL' | 'PRINT_LABEL') => data.kits.auditLabel({ kitId, patientId: kit.patientId }, action);

    const cached = cache.get(kitId);
    if (cached && cached.fingerprint === fingerprint && cached.until > now()) {
      await audited('PRINT_LABEL');
      return { url: cached.url };
    }
    const key = labelKey(kitId, fingerprint);
    const created = await ensureLabel(key, content);
    // What the label prints changed: the stale label (with the old name or date of birth) is removed.
    if (cached && cached.key !== key) await storage.delete(cached.key).catch(() => undefined);
    const url = await storage.presignedGetUrl(key, LABEL_URL_TTL_SECONDS, `label-${kitId}.pdf`, kit.patientId);
    remember(kitId, { url, key, fingerprint });
    await audited(created ? 'CREATE_LABEL' : 'PRINT_LABEL');
    return { url };
  }

  return { labelUrl, cacheSize: () => cache.size };
}
