import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppStorage } from '../adapters/object-storage';
import { ApiError } from '../errors';

/** Serves local-storage objects behind an expiring HMAC signature (the local stand-in for S3 presigned URLs). */
export function signedFileRoute(app: FastifyInstance, storage: AppStorage) {
  if (!storage.verifySignature) return;
  const verify = storage.verifySignature;
  app.get('/files/signed/:category/:file', {
    schema: {
      hide: true,
      params: z.strictObject({ category: z.string().regex(/^[A-Z_]{2,40}$/), file: z.string().regex(/^[0-9a-f-]{36}\.(pdf|png|jpg|webm)$/) }),
      querystring: z.strictObject({ exp: z.coerce.number().int(), sig: z.string().max(100), name: z.string().max(200).optional() }),
    },
  }, async (req, reply) => {
    const { category, file } = req.params as { category: string; file: string };
    const { exp, sig, name } = req.query as { exp: number; sig: string; name?: string };
    const key = `${category}/${file}`;
    if (!verify(key, exp, sig, name ?? '')) throw new ApiError(403, 'Forbidden', 'the link is invalid or has expired');
    const obj = await storage.get(key);
    if (!obj) throw new ApiError(404, 'Not found', 'no such file');
    const safeName = (name ?? file).replace(/[^\w.-]/g, '_');
    reply.header('content-type', obj.contentType)
      .header('content-disposition', `inline; filename="${safeName}"`)
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, no-store');
    return reply.send(obj.body);
  });
}
