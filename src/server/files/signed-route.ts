import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Pool } from 'pg';
import { z } from 'zod';
import type { AppStorage } from '../adapters/object-storage';
import { writeAudit } from '../audit/audit';
import { ApiError } from '../errors';
import { storedFile } from './repository';

/**
 * Serves local-storage objects behind an expiring HMAC signature (the local stand-in for S3 presigned URLs). The link
 * carries the patient id inside its signature; every fetch writes one audit row with it (or, for a link without one,
 * with the patient of the stored file's record). Outside the secure scope: the signature is the credential, no Actor, so
 * it reads the stored file's record on the pool.
 */
export const signedFileRoute: FastifyPluginAsync<{ storage: AppStorage; pool: Pool }> = async (plugin, { storage, pool }) => {
  if (!storage.verifySignature) return;
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  const verify = storage.verifySignature;
  app.get(
    '/files/signed/:category/:file',
    {
      schema: {
        hide: true,
        params: z.strictObject({ category: z.string().regex(/^[A-Z_]{2,40}$/), file: z.string().regex(/^[0-9a-f-]{36}\.(pdf|png|jpg|webm)$/) }),
        querystring: z.strictObject({
          exp: z.coerce.number().int(),
          sig: z.string().max(100),
          name: z.string().max(200).optional(),
          pid: z.guid().optional(),
        }),
      },
    },
    async (req, reply) => {
      const { category, file } = req.params;
      const { exp, sig, name, pid } = req.query;
      const key = `${category}/${file}`;
      if (!verify(key, exp, sig, name ?? '', pid ?? '')) throw new ApiError(403, 'Forbidden', 'the link is invalid or has expired');
      const obj = await storage.get(key);
      if (!obj) throw new ApiError(404, 'Not found', 'no such file');
      const patientId = pid ?? (await storedFile(pool, key))?.patientId ?? null;
      await writeAudit(pool, req, { action: 'DOWNLOAD', entityType: 'file', entityId: key, patientId, outcome: 'SUCCESS' });
      const safeName = (name ?? file).replace(/[^\w.-]/g, '_');
      reply
        .header('content-type', obj.contentType)
        .header('content-disposition', `inline; filename="${safeName}"`)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store');
      return reply.send(obj.body);
    },
  );
};
