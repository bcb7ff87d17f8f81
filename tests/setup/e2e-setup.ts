import { afterEach } from 'vitest';
import { describeOpenPages } from '../e2e/browser';

// A failed browser test prints the screens it left open (address and visible text): on CI that log is all there is.
afterEach(async (ctx) => {
  if (ctx.task.result?.state !== 'fail') return;
  const pages = await describeOpenPages();
  if (pages) console.error(`Open pages after "${ctx.task.name}" failed:\n${pages}`);
});
