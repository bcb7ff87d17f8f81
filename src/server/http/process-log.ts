import pino from 'pino';

/**
 * The structured log of a process outside a Fastify app (the cluster primary, a refused start): JSON lines like the
 * app's (pino), with the process role, on standard error (written at once: a refused start exits right after). Never
 * given request data, so it holds no PHI.
 */
export function processLogger(role: 'primary' | 'worker', level: string) {
  return pino({ level, base: { pid: process.pid, role } }, pino.destination({ dest: 2, sync: true }));
}
