import pino from 'pino';

/**
 * The structured log of a process outside a Fastify app (the cluster primary, a refused start): JSON lines like the
 * app's (pino), with the process role. Never given request data, so it holds no PHI.
 */
export function processLogger(role: 'primary' | 'worker', level = process.env.LOG_LEVEL || 'info') {
  return pino({ level, base: { pid: process.pid, role } });
}
