import { test as base, expect } from '@playwright/test';

interface Fixtures {
  /**
   * Console messages of type error and uncaught page errors: a page that throws or logs an error
   * fails its test even when everything the test looks at happens to be right. A test that expects
   * an error (a 404 resource, for example) lists a pattern in `allowedConsoleErrors`.
   */
  pageErrors: string[];
  allowedConsoleErrors: RegExp[];
}

export const test = base.extend<Fixtures>({
  allowedConsoleErrors: [[], { option: true }],
  pageErrors: [
    async ({ page, allowedConsoleErrors }, use) => {
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(`page error: ${error.message}`));
      page.on('console', (message) => {
        if (message.type() !== 'error') return;
        const text = message.text();
        if (!allowedConsoleErrors.some((pattern) => pattern.test(text))) {
          errors.push(`console.error: ${text}`);
        }
      });
      await use(errors);
      expect(errors, 'the page logged errors').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
