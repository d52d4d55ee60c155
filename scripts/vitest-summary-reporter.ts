import type { Reporter, TestModule } from 'vitest/node';

/**
 * Prints one plain closing line, `vitest: N passed, N failed, N skipped`, after Vitest's own summary
 * so CI logs carry a count that any reader (or tool) can parse.
 */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    for (const module of testModules) {
      let failedHere = 0;
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') passed++;
        else if (state === 'failed') failedHere++;
        else skipped++;
      }
      // A file that failed outside its tests (an import, a hook, a setup error) leaves them
      // skipped or absent: it counts as one failure, never as a clean run.
      if (module.state() === 'failed' && failedHere === 0) failedHere = 1;
      failed += failedHere;
    }
    process.stdout.write(`\nvitest: ${passed} passed, ${failed} failed, ${skipped} skipped\n`);
  }
}
