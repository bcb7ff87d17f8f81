import cluster, { type Worker } from 'node:cluster';
import os from 'node:os';

/**
 * WEB_CONCURRENCY: how many server processes share the port on this machine: a whole number, or `auto` for one per
 * core (os.availableParallelism()). Unset or 1: a single process, no primary.
 */
export function workerCount(setting: string | undefined): number {
  if (setting === undefined || setting.trim() === '') return 1;
  if (setting.trim() === 'auto') return Math.max(1, os.availableParallelism());
  const n = Number(setting);
  if (!Number.isInteger(n) || n < 1 || n > 256) throw new Error('WEB_CONCURRENCY must be a whole number from 1 to 256, or auto');
  return n;
}

/**
 * The primary of `npm run serve:production` with WEB_CONCURRENCY > 1 (node:cluster): forks the workers, which each
 * build the app and listen on the same port (the primary hands out connections). Every worker is a whole, stateless
 * instance (its own pool, identity cache and job-queue worker), exactly as on separate machines. SIGTERM/SIGINT: each
 * worker gets SIGTERM, drains and stops gracefully; the primary exits once they all have, 0 when they all stopped
 * cleanly. A worker still loading its modules when the stop comes has no handler yet and dies of the signal: it never
 * listened, so nothing was cut, and that counts as clean. (A message instead of the signal was lost by such a worker,
 * and the primary waited for it forever.) A worker that dies on its own is replaced, unless workers keep dying right
 * after starting (then the primary stops, exit 1).
 */
export function runPrimary(workers: number, log: (msg: string) => void = (m) => console.error(m)): void {
  let stopping = false;
  let exitCode = 0;
  const quickDeaths: number[] = [];
  const started = new Map<Worker, number>();
  const listened = new WeakSet<Worker>();

  const fork = () => started.set(cluster.fork(), Date.now());
  for (let i = 0; i < workers; i++) fork();

  cluster.on('listening', (worker) => listened.add(worker));
  cluster.on('exit', (worker, code, signal) => {
    const at = started.get(worker) ?? 0;
    started.delete(worker);
    if (stopping) {
      const stoppedBeforeServing = !listened.has(worker) && (signal === 'SIGTERM' || signal === 'SIGINT');
      if (code !== 0 && !stoppedBeforeServing) exitCode = 1;
      if (started.size === 0) process.exit(exitCode);
      return;
    }
    log(`worker ${worker.process.pid} exited (code ${code}, signal ${signal}); starting another`);
    if (Date.now() - at < 10_000) quickDeaths.push(Date.now());
    if (quickDeaths.filter((t) => Date.now() - t < 60_000).length >= workers * 3) {
      log('workers keep failing right after start: stopping');
      exitCode = 1;
      stop('SIGTERM');
      return;
    }
    fork();
  });

  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    // A terminal's Ctrl-C reaches every process of the group: the workers got SIGINT themselves.
    if (signal !== 'SIGINT') for (const w of started.keys()) w.process.kill('SIGTERM');
    if (started.size === 0) process.exit(exitCode);
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}
