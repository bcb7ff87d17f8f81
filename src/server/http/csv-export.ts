import type { FastifyReply } from 'fastify';
import { Readable } from 'node:stream';

/** `<name>-<yyyy-mm-dd>.csv`: an export's file name, dated the day it was made. */
export const datedCsvName = (name: string) => `${name}-${new Date().toISOString().slice(0, 10)}.csv`;

/**
 * Streams CSV lines as a download that is never cached. The header line and the first row's line are made before
 * anything is sent, so the first page has been read (its scope check and audit have run): a refusal there is still
 * an ordinary error answer, not a cut download.
 */
export async function sendCsv(reply: FastifyReply, fileName: string, lines: AsyncGenerator<string>) {
  const first = await lines.next();
  const second = first.done ? first : await lines.next();
  reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('content-disposition', `attachment; filename="${fileName}"`);
  return reply.send(
    Readable.from(
      (async function* () {
        if (!first.done) yield first.value;
        if (!second.done) yield second.value;
        yield* lines;
      })(),
    ),
  );
}

/**
 * Every row of a paged list, page after page (numbered from 1, `batch` rows each) until a short page: each page goes
 * through the list's own read (scope, masking, audit), and the whole list is never in memory.
 */
export async function* everyRow<T>(batch: number, readPage: (page: number) => Promise<{ items: readonly T[] }>): AsyncGenerator<T> {
  for (let page = 1; ; page += 1) {
    const { items } = await readPage(page);
    yield* items;
    if (items.length < batch) return;
  }
}
