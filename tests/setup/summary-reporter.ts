import type { Reporter, TestModule } from 'vitest/node';

/**
 * Prints one plain closing line per run, "<project>: N passed, N failed, N skipped", for CI logs, then the name of each
 * test that passed only when retried (the browser project retries once), so a flaky test is seen rather than hidden.
 */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>) {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    const projects = new Set<string>();
    const flaky: string[] = [];
    for (const mod of testModules) {
      projects.add(mod.project.name || 'tests');
      if (mod.state() === 'failed' && [...mod.children.allTests()].length === 0) failed += 1; // a file that failed to load
      for (const test of mod.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') {
          passed += 1;
          if (test.diagnostic()?.flaky) flaky.push(`${mod.relativeModuleId} > ${test.fullName}`);
        } else if (state === 'failed') failed += 1;
        else skipped += 1;
      }
    }
    const label = [...projects].join('+') || 'tests';
    console.log(
      `\n${label}: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}` +
        (flaky.length ? `, ${flaky.length} flaky (passed only on retry)` : ''),
    );
    for (const name of flaky) console.log(`  flaky: ${name}`);
  }
}
