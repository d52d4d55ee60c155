import { randomInt } from 'node:crypto';
import { test as base, expect, type Page } from '@playwright/test';

/**
 * A page the server rendered (it carries #lumina-state) shows its content before the app's code
 * has arrived, and hydration then runs in slices. Like a shopper who waits for the page to be
 * ready, a test acts once React has taken the whole page over: the page's boot script
 * (apps/api/src/http/deferred-hydration.ts) marks <html data-hydrated> when it has, the moment it
 * replays taps held before. Pages drawn by the browser pass at once.
 */
export async function waitForApp(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      !document.getElementById('lumina-state') ||
      document.documentElement.hasAttribute('data-hydrated'),
  );
}

interface Fixtures {
  /**
   * Console messages of type error and uncaught page errors: a page that throws or logs an error
   * fails its test even when everything the test looks at happens to be right. A test that expects
   * an error (a 404 resource, for example) lists a pattern in `allowedConsoleErrors`.
   */
  pageErrors: string[];
  allowedConsoleErrors: RegExp[];
  /** The address this test's requests come from, as the shop sees it. */
  clientSource: string;
}

export const test = base.extend<Fixtures>({
  allowedConsoleErrors: [[], { option: true }],
  /**
   * Each test comes from an address of its own (the test servers trust X-Forwarded-For from
   * 127.0.0.1, playwright.config.ts): the shop allows 30 logins per address in 15 minutes, which
   * the whole suite from one address would pass, so a test's retry met 429 answers instead of its
   * own failure. Only the shop's own requests carry it: a custom header on a cross-origin call
   * (MercadoPago's SDK) would need a CORS preflight the provider does not answer. A test that
   * plays an attacker still sets its own header on its requests.
   */
  // Playwright hands a fixture its dependencies as an object, none here.
  // eslint-disable-next-line no-empty-pattern
  clientSource: async ({}, use) => {
    await use(`10.${randomInt(256)}.${randomInt(256)}.${1 + randomInt(254)}`);
  },
  context: async ({ context, baseURL, clientSource }, use) => {
    if (baseURL) {
      await context.route(`${new URL(baseURL).origin}/**`, (route) =>
        route.continue({
          headers: { ...route.request().headers(), 'x-forwarded-for': clientSource },
        }),
      );
    }
    await use(context);
  },
  request: async ({ playwright, baseURL, clientSource }, use) => {
    // The `request` fixture's calls go to the shop only.
    const request = await playwright.request.newContext({
      baseURL,
      extraHTTPHeaders: { 'x-forwarded-for': clientSource },
    });
    await use(request);
    await request.dispose();
  },

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
