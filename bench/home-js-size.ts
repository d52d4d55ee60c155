// How much JavaScript the home page makes a phone download, gzip level 9, against the 130 KiB target.
// Usage: npm run bench:js -w @lumina/bench
import { chromium, devices, type Response } from 'playwright-core';
import { CHROMIUM_PATH, CHROMIUM_QUIET_FLAGS } from './lib/chromium.ts';
import { HOME_JS_TARGET_BYTES, gzipSize, kib, totals, type ScriptSize } from './lib/js-size.ts';
import { startProductionServer } from './lib/production-server.ts';
import { describeRun, runInfo, writeResult } from './lib/run-info.ts';
import { textTable } from './lib/text-table.ts';
import { ensureWebBuild } from './lib/web-build.ts';

const NAVIGATION_TIMEOUT_MS = 60_000;
const SETTLE_MS = 2_000;

function isJavaScript(response: Response): boolean {
  const type = response.headers()['content-type'] ?? '';
  return response.request().resourceType() === 'script' || /javascript|ecmascript/.test(type);
}

/** Loads the home page like a phone and returns every JavaScript file it fetched. */
async function homeScripts(baseUrl: string): Promise<{ scripts: ScriptSize[]; blocked: string[] }> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: ['--headless', ...CHROMIUM_QUIET_FLAGS],
    timeout: 30_000,
  });
  try {
    const context = await browser.newContext({ ...devices['Pixel 7'], locale: 'pt-BR' });
    // Only our server is reachable; anything else would hang offline and is worth reporting.
    const blocked: string[] = [];
    await context.route(
      (url) => url.origin !== baseUrl,
      (route) => {
        blocked.push(route.request().url());
        return route.abort();
      },
    );
    const page = await context.newPage();
    const pending = new Map<string, Promise<ScriptSize | undefined>>();
    page.on('response', (response) => {
      if (!isJavaScript(response) || pending.has(response.url())) return;
      pending.set(
        response.url(),
        response.body().then(
          (body) => ({
            url: response.url().replace(baseUrl, ''),
            rawBytes: body.length,
            gzipBytes: gzipSize(body),
            servedEncoding: response.headers()['content-encoding'] ?? '',
          }),
          () => undefined, // A response without a body (redirect, aborted) has nothing to count.
        ),
      );
    });
    const response = await page.goto(`${baseUrl}/`, {
      waitUntil: 'networkidle',
      timeout: NAVIGATION_TIMEOUT_MS,
    });
    if (!response?.ok()) throw new Error(`GET / answered ${response?.status() ?? 'nothing'}`);
    await page.waitForTimeout(SETTLE_MS);
    const scripts = (await Promise.all(pending.values())).filter((s) => s !== undefined);
    return { scripts, blocked };
  } finally {
    await browser.close();
  }
}

async function main(): Promise<void> {
  const info = runInfo();
  console.log(`Home page JavaScript — ${describeRun(info)}`);
  ensureWebBuild();
  console.error('Starting the production server (node scripts/start.mjs)…');
  const server = await startProductionServer();
  try {
    const { scripts, blocked } = await homeScripts(server.baseUrl);
    const sum = totals(scripts);
    const pass = sum.gzipBytes <= HOME_JS_TARGET_BYTES;
    const rows = scripts.map((s) => [s.url, kib(s.rawBytes), kib(s.gzipBytes), s.servedEncoding]);
    rows.push(['total', kib(sum.rawBytes), kib(sum.gzipBytes), '']);
    console.log(textTable(['file', 'raw KiB', 'gzip -9 KiB', 'served as'], rows));
    const margin = HOME_JS_TARGET_BYTES - sum.gzipBytes;
    console.log(
      `\n${pass ? 'PASS' : 'MISS'}: ${kib(sum.gzipBytes)} KiB gzip of ${kib(HOME_JS_TARGET_BYTES)} KiB ` +
        `(${margin >= 0 ? `${kib(margin)} KiB to spare` : `${kib(-margin)} KiB over`}), ` +
        `${scripts.length} file(s).`,
    );
    if (blocked.length) console.log(`Requests to other origins (blocked): ${blocked.join(', ')}`);
    const file = writeResult('home-js-size', {
      ...info,
      targetBytes: HOME_JS_TARGET_BYTES,
      viewport: devices['Pixel 7']?.viewport,
      scripts,
      ...sum,
      blockedRequests: blocked,
      pass,
    });
    console.log(`Written ${file}`);
  } finally {
    await server.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
