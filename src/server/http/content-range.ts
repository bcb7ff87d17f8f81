import type { FastifyReply } from 'fastify';

/**
 * A list route's answer in ra-data-simple-rest's dialect (src/domain/shared/rest-list.ts): the rows, and which of them
 * these are in `Content-Range: items first-last/total` (`items *\/total` when no row is in the range; total `*` when
 * the rows were not counted).
 */
export function withContentRange<T>(reply: FastifyReply, page: { rows: T[]; total: number | null }, first: number): T[] {
  const range = page.rows.length ? `${first}-${first + page.rows.length - 1}` : '*';
  reply.header('content-range', `items ${range}/${page.total ?? '*'}`);
  return page.rows;
}
