import type { FullResult, Reporter, TestCase } from '@playwright/test/reporter';

/**
 * Prints one plain closing line, `playwright: N passed, N failed, N flaky, N skipped`.
 * Counts each test once by its outcome, after retries: a test marked `test.fail()` that fails
 * as expected is a pass, one that passes only on a retry is flaky.
 */
export default class SummaryReporter implements Reporter {
  private readonly tests = new Map<string, TestCase>();

  onTestEnd(test: TestCase): void {
    this.tests.set(test.id, test);
  }

  onEnd(_result: FullResult): void {
    const counts = { expected: 0, unexpected: 0, flaky: 0, skipped: 0 };
    for (const test of this.tests.values()) counts[test.outcome()]++;
    process.stdout.write(
      `\nplaywright: ${counts.expected} passed, ${counts.unexpected} failed, ` +
        `${counts.flaky} flaky, ${counts.skipped} skipped\n`,
    );
  }
}
