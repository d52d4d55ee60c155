import { test as base, expect, type Page } from '@playwright/test';

/**
 * A page the server rendered (it carries #lumina-state) shows its content before the app's code
 * has arrived: the code starts once the main picture is painted (apps/api/src/http/
 * deferred-hydration.ts), and hydration then runs as a transition, in slices. Like a shopper who
 * waits for the page to be ready, a test acts once React has taken the whole page over:
 * hydrateRoot has marked the root, hydration has reached the root's last element (it goes depth
 * first, marking each element it adopts) and the browser has had an idle moment since, so the
 * commit that attaches the handlers is done. Pages drawn by the browser pass at once.
 */
export async function waitForApp(page: Page): Promise<void> {
  const rendered = await page.waitForFunction(() => {
    const root = document.getElementById('root');
    if (!document.getElementById('lumina-state') || !root) return 'browser';
    const adopted = (node: Element | null, prefix: string): boolean =>
      node !== null && Object.keys(node).some((key) => key.startsWith(prefix));
    return adopted(root, '__reactContainer$') && adopted(root.lastElementChild, '__reactFiber$')
      ? 'server'
      : false;
  });
  if ((await rendered.jsonValue()) === 'server') {
    await page.evaluate(
      () =>
        new Promise<void>((resolve) => requestIdleCallback(() => resolve(), { timeout: 2_000 })),
    );
  }
}

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
  page: async ({ page, javaScriptEnabled }, use) => {
    if (javaScriptEnabled !== false) {
      const goto = page.goto.bind(page);
      const reload = page.reload.bind(page);
      page.goto = async (url, options) => {
        const response = await goto(url, options);
        if (options?.waitUntil !== 'commit') await waitForApp(page);
        return response;
      };
      page.reload = async (options) => {
        const response = await reload(options);
        if (options?.waitUntil !== 'commit') await waitForApp(page);
        return response;
      };
    }
    await use(page);
  },
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
