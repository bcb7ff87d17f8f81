/**
 * `work`'s answer, or `late()`'s when `work` has not answered within `ms` (what `late` throws rejects the race). The
 * timer ends with the race, and `work` goes on unobserved: a hung database call must not hold its caller.
 */
export async function within<T, L>(work: Promise<T>, ms: number, late: () => L): Promise<T | L> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<L>((resolve, reject) => {
    timer = setTimeout(() => {
      try {
        resolve(late());
      } catch (err) {
        reject(err);
      }
    }, ms);
  });
  try {
    return await Promise.race([work, timedOut]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * One call shared by the callers that overlap it. A caller that arrives while a call is on its way waits for the next
 * one, which starts when that one is done (the call under way may have begun before the caller's moment, so its
 * answer could predate what the caller must see); every caller arriving meanwhile shares that next call.
 */
export function sharedCall<T>(call: () => Promise<T>): () => Promise<T> {
  let inFlight: Promise<T> | null = null;
  let next: Promise<T> | null = null;
  const run = (): Promise<T> => {
    if (!inFlight) {
      inFlight = call().finally(() => {
        inFlight = null;
      });
      return inFlight;
    }
    next ??= inFlight.then(() => {
      next = null;
      return run();
    });
    return next;
  };
  return run;
}
