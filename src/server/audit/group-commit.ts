/**
 * Group commit: items handed in while a write is on its way wait for it, then go together in the next write (one
 * statement, one commit), at most `maxBatch` at a time. Each caller's promise settles when its own item is written,
 * so a caller that must not go on before its item is stored (a response and its audit row) still waits for exactly
 * that; an idle writer writes an item at once, adding no delay. When a write of several items fails, each is written
 * again on its own, so one item that cannot be stored fails only its own caller.
 */
export class GroupCommit<T> {
  private queue: { item: T; resolve: () => void; reject: (err: unknown) => void }[] = [];
  private writing = false;

  constructor(
    private readonly write: (items: T[]) => Promise<void>,
    private readonly maxBatch = 64,
  ) {}

  add(item: T): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      if (!this.writing) void this.drain();
    });
  }

  private async drain(): Promise<void> {
    this.writing = true;
    try {
      while (this.queue.length > 0) {
        const batch = this.queue.splice(0, this.maxBatch);
        try {
          await this.write(batch.map((b) => b.item));
          for (const b of batch) b.resolve();
        } catch (err) {
          if (batch.length === 1) batch[0].reject(err);
          else for (const b of batch) await this.write([b.item]).then(b.resolve, b.reject);
        }
      }
    } finally {
      this.writing = false;
    }
  }
}
