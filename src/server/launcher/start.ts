import path from 'node:path';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../db/seed/demo-users';
import { exitOnStopSignal } from '../http/graceful-shutdown';
import { takeOverStopSignals } from './postgres';
import { startStack } from './stack';

/**
 * `npm start`: the whole portal on one machine. PORT (8080), DATA_DIR (./data), COGNITO_LOCAL_PORT (9229).
 * `--reset` recreates the demo data; `--no-serve` stops after preparing it.
 */
const args = new Set(process.argv.slice(2));
const dataDir = path.resolve(process.env.DATA_DIR ?? 'data');
const started = Date.now();
const stack = await startStack({
  port: Number(process.env.PORT ?? 8080),
  cognitoPort: Number(process.env.COGNITO_LOCAL_PORT ?? 9229),
  dataDir,
  staticDir: path.resolve('dist'),
  reset: args.has('--reset'),
  serve: !args.has('--no-serve'),
  printCodes: true,
});

const width = Math.max(...DEMO_ACCOUNTS.map((a) => a.email.length));
console.log(
  [
    '',
    stack.seededNow ? `Demo data created in ${dataDir}` : `Using the data in ${dataDir} (reset: npm run reset-demo)`,
    args.has('--no-serve') ? 'Demo data ready.' : `Clinician portal: ${stack.url}   (started in ${((Date.now() - started) / 1000).toFixed(1)} s)`,
    `Identity emulator: ${stack.cognito.endpoint}`,
    args.has('--no-serve') ? '' : `Audit chain check: DATABASE_URL=${stack.config.databaseUrl} npm run audit:verify`,
    '',
    `Demo sign-ins (password for all: ${DEMO_PASSWORD})`,
    ...DEMO_ACCOUNTS.map((a) => `  ${a.email.padEnd(width)}  ${a.note}`),
    '',
  ].join('\n'),
);

if (args.has('--no-serve')) {
  await stack.stop();
} else {
  // SIGTERM / Ctrl-C: the API drains and finishes its requests, then the emulator and PostgreSQL stop cleanly; exit 0.
  takeOverStopSignals();
  exitOnStopSignal(stack.stop);
}
