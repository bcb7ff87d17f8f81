/**
 * CPU time spent by the API server (this process, or the production entry's processes) and by PostgreSQL (the
 * postmaster and every backend) while a load runs: a figure per request that a busy, shared machine disturbs far less
 * than latency does.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const TICK_MS = 10; // USER_HZ = 100 on Linux

/** utime+stime (+ children's, for the postmaster) of the PostgreSQL processes of the cluster in `pgDataDir`, in ms. */
function postgresCpuMs(pgDataDir: string): number {
  try {
    return processTreeCpuMs(Number(readFileSync(path.join(pgDataDir, 'postmaster.pid'), 'utf8').split('\n')[0]));
  } catch {
    return NaN;
  }
}

/** utime+stime of a process and its children, with its children that exited (cutime, cstime), in ms. */
function processTreeCpuMs(root: number): number {
  let ticks = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue; // gone meanwhile
    }
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' '); // fields from 3 (state) on
    const pid = Number(entry);
    const ppid = Number(fields[1]);
    if (pid !== root && ppid !== root) continue;
    ticks += Number(fields[11]) + Number(fields[12]); // utime, stime
    if (pid === root) ticks += Number(fields[13]) + Number(fields[14]); // cutime, cstime: children that exited
  }
  return ticks * TICK_MS;
}

export interface CpuMark {
  api: number;
  pg: number;
}

/** `apiPid`: the API's own processes (the production entry's primary and its workers); else this process. */
export function cpuMark(pgDataDir: string, apiPid?: number): CpuMark {
  const u = process.cpuUsage();
  return { api: apiPid ? processTreeCpuMs(apiPid) : (u.user + u.system) / 1000, pg: postgresCpuMs(pgDataDir) };
}

/**
 * "cpu/request: API 1.23 ms, PostgreSQL 0.45 ms, load generator 0.80 ms" between two marks over `requests` requests;
 * the load generator's part (its process's CPU over the same run) shows what the client takes from the same cores.
 */
export function cpuPerRequest(from: CpuMark, to: CpuMark, requests: number, loadGeneratorMs?: number): string {
  const per = (a: number, b: number) => (requests > 0 && Number.isFinite(b - a) ? ((b - a) / requests).toFixed(2) : '-');
  const client = loadGeneratorMs === undefined ? '' : `, load generator ${per(0, loadGeneratorMs)} ms`;
  return `cpu/request: API ${per(from.api, to.api)} ms, PostgreSQL ${per(from.pg, to.pg)} ms${client}`;
}
