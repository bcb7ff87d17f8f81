import { describe, expect, it } from 'vitest';
import { GroupCommit } from './group-commit';

/** A writer whose writes finish when the test says so, recording each batch it was given. */
function controlledWriter(failWhen: (items: string[]) => boolean = () => false) {
  const batches: string[][] = [];
  const pending: (() => void)[] = [];
  const write = (items: string[]) =>
    new Promise<void>((resolve, reject) => {
      batches.push(items);
      pending.push(() => (failWhen(items) ? reject(new Error(`cannot store ${items.join(',')}`)) : resolve()));
    });
  const finishNext = async () => {
    await new Promise((r) => setImmediate(r));
    pending.shift()?.();
    await new Promise((r) => setImmediate(r));
  };
  return { batches, write, finishNext };
}

describe('GroupCommit', () => {
  it('writes an item at once when idle, and the items that arrive meanwhile together in the next write', async () => {
    const w = controlledWriter();
    const gc = new GroupCommit(w.write);
    const settled: string[] = [];
    const a = gc.add('a').then(() => settled.push('a'));
    const b = gc.add('b').then(() => settled.push('b'));
    const c = gc.add('c').then(() => settled.push('c'));
    expect(w.batches).toEqual([['a']]);
    await w.finishNext();
    expect(settled).toEqual(['a']); // b and c are not written yet, so their callers still wait
    expect(w.batches).toEqual([['a'], ['b', 'c']]);
    await w.finishNext();
    await Promise.all([a, b, c]);
    expect(settled).toEqual(['a', 'b', 'c']);
  });

  it('keeps batches within maxBatch', async () => {
    const w = controlledWriter();
    const gc = new GroupCommit(w.write, 2);
    const all = ['a', 'b', 'c', 'd', 'e'].map((x) => gc.add(x));
    for (let i = 0; i < 3; i++) await w.finishNext();
    await Promise.all(all);
    expect(w.batches).toEqual([['a'], ['b', 'c'], ['d', 'e']]);
  });

  it('a failed batch is written again item by item: only the item that cannot be stored fails its caller', async () => {
    const w = controlledWriter((items) => items.includes('bad'));
    const gc = new GroupCommit(w.write);
    const first = gc.add('a');
    const results = Promise.allSettled([gc.add('b'), gc.add('bad'), gc.add('c')]);
    for (let i = 0; i < 5; i++) await w.finishNext();
    await first;
    const [b, bad, c] = await results;
    expect([b.status, bad.status, c.status]).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((bad as PromiseRejectedResult).reason.message).toBe('cannot store bad');
    expect(w.batches).toEqual([['a'], ['b', 'bad', 'c'], ['b'], ['bad'], ['c']]);
  });

  it('writes again after going idle', async () => {
    const w = controlledWriter();
    const gc = new GroupCommit(w.write);
    const a = gc.add('a');
    await w.finishNext();
    await a;
    const b = gc.add('b');
    expect(w.batches).toEqual([['a'], ['b']]);
    await w.finishNext();
    await b;
  });
});
