import type { FastifyRequest } from 'fastify';
import { createHash } from 'node:crypto';
import type { Pool } from 'pg';
import { KIT_TEXTS, kitInScope, LABEL_URL_CACHE_MS, LABEL_URL_TTL_SECONDS } from '../../domain/kits';
import type { AppStorage } from '../adapters/object-storage';
import { writeAudit } from '../audit/audit';
import { assertProductOrderAccess } from '../auth/access';
import type { Actor } from '../auth/actor';
import { scopeOf } from '../auth/scope';
import { withTx } from '../db/tx';
import { notFound } from '../errors';
import { renderSampleLabel, type LabelContent } from './pdf';

const MAX_CACHED = 5000;

/**
 * Sample labels (spec 1 §5 Print label, §7): a PDF with the kit id, patient name, date of birth and a Code 128 of the
 * kit id, generated once and stored through the object storage (regenerated when what it prints changes), answered
 * as a presigned URL valid 30 minutes. The signed URL is reused for 28 minutes per kit (spec: cached under 29 minutes),
 * so a reused link always has at least 2 minutes left.
 */
export function labelService(pool: Pool, storage: AppStorage, now: () => number = Date.now) {
  const cache = new Map<string, { url: string; fingerprint: string; until: number }>();

  function remember(kitId: string, fingerprint: string, url: string) {
    cache.delete(kitId);
    if (cache.size >= MAX_CACHED) cache.delete(cache.keys().next().value as string);
    cache.set(kitId, { url, fingerprint, until: now() + LABEL_URL_CACHE_MS });
  }

  async function labelUrl(req: FastifyRequest, actor: Actor, kitId: string): Promise<{ url: string }> {
    assertProductOrderAccess(actor);
    const { rows } = await pool.query<{ patientId: string | null; patientState: string | null; firstName: string | null; lastName: string | null;
      dob: string | null; labName: string; requisitionId: string | null; collected: Date | null }>(
      `SELECT k.patient_id AS "patientId", k.patient_state AS "patientState", p.first_name AS "firstName", p.last_name AS "lastName",
              p.dob, k.lab_name AS "labName", k.requisition_id AS "requisitionId", k.sample_taken_date AS collected
         FROM kits k LEFT JOIN patients p ON p.id = k.patient_id WHERE k.kit_id = $1`, [kitId]);
    const kit = rows[0];
    // The label prints the patient's name and date of birth: a kit outside the viewer's scope reads as unknown.
    if (!kit || !kitInScope(kit, scopeOf(actor))) throw notFound(KIT_TEXTS.kitIdInvalid);
    const content: LabelContent = {
      kitId,
      patientName: kit.patientId ? `${kit.firstName ?? ''} ${kit.lastName ?? ''}`.trim() : null,
      dob: kit.dob,
      labName: kit.labName,
      requisitionId: kit.requisitionId,
      collected: kit.collected ? kit.collected.toISOString().slice(0, 10) : null,
    };
    const fingerprint = createHash('sha256').update(JSON.stringify(content)).digest('hex');

    const cached = cache.get(kitId);
    if (cached && cached.fingerprint === fingerprint && cached.until > now()) {
      await writeAudit(pool, req, { action: 'PRINT_LABEL', entityType: 'kit', entityId: kitId, patientId: kit.patientId, outcome: 'SUCCESS' });
      return { url: cached.url };
    }

    const { key, replaced } = await withTx(pool, async (client) => {
      // One label per kit even under concurrent requests: the kit row is locked while the label is checked or made.
      const { rows: stored } = await client.query<{ url: string | null; fingerprint: string | null }>(
        `SELECT sample_label_url AS url, sample_label_fingerprint AS fingerprint FROM kits WHERE kit_id = $1 FOR NO KEY UPDATE`, [kitId]);
      const current = stored[0]?.url ? storage.keyOf(stored[0].url) : null;
      if (current && stored[0].fingerprint === fingerprint) return { key: current, replaced: null };
      const put = await storage.put('SAMPLE_LABELS', await renderSampleLabel(content), 'application/pdf', 'pdf');
      await client.query(`UPDATE kits SET sample_label_url = $2, sample_label_fingerprint = $3 WHERE kit_id = $1`, [kitId, put.url, fingerprint]);
      await writeAudit(client, req, { action: 'CREATE_LABEL', entityType: 'kit', entityId: kitId, patientId: kit.patientId, outcome: 'SUCCESS' });
      return { key: put.key, replaced: current };
    });
    if (replaced) await storage.delete(replaced).catch(() => undefined);
    const url = await storage.presignedGetUrl(key, LABEL_URL_TTL_SECONDS, `label-${kitId}.pdf`, kit.patientId);
    remember(kitId, fingerprint, url);
    await writeAudit(pool, req, { action: 'PRINT_LABEL', entityType: 'kit', entityId: kitId, patientId: kit.patientId, outcome: 'SUCCESS' });
    return { url };
  }

  return { labelUrl, cacheSize: () => cache.size };
}
