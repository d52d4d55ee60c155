import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';

/** Prints one plain closing line, `playwright: N passed, N failed, N skipped`. */
export default class SummaryReporter implements Reporter {
  private readonly outcomes = new Map<string, TestResult['status']>();

  onTestEnd(test: TestCase, result: TestResult): void {
    this.outcomes.set(test.id, result.status);
  }

  onEnd(_result: FullResult): void {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    for (const status of this.outcomes.values()) {
      if (status === 'passed') passed++;
      else if (status === 'skipped') skipped++;
      else failed++;
    }
    process.stdout.write(`\nplaywright: ${passed} passed, ${failed} failed, ${skipped} skipped\n`);
  }
}
