/** The durability section of the bench on its own (about a minute): npx tsx tests/bench/durability-run.ts */
import { benchDurability } from './durability';

await benchDurability({
  line: (s = '') => process.stdout.write(`${s}\n`),
  progress: (s) => process.stderr.write(`[bench] ${s}\n`),
  checkInterrupted: () => undefined,
});
