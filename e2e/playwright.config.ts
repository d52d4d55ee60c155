import { defineConfig, devices } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const port = Number(process.env.E2E_PORT ?? 3100);
const baseURL = process.env.E2E_BASE_URL ?? `http://127.0.0.1:${port}`;
// Every run gets an empty data folder: fresh embedded database, demo catalogue, empty outbox.
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'lumina-e2e-'));
// Workers load this file again: handing the folder down keeps them on the server's folder (the
// account tests read the password-reset mail from its outbox). A server given by E2E_BASE_URL has
// a folder of its own, known only when E2E_DATA_DIR names it.
if (!process.env.E2E_BASE_URL) process.env.E2E_DATA_DIR = dataDir;
// The shop's administrator, created from ADMIN_EMAIL at the server's start as a real shop's is.
// A new password each run (no password lives in the repository); workers inherit it like the
// data folder. A server given by E2E_BASE_URL needs both named.
process.env.E2E_ADMIN_EMAIL ??= 'dona-e2e@lumina.test';
process.env.E2E_ADMIN_PASSWORD ??= `Adm${randomBytes(9).toString('hex')}9a`;

const chromium = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  // The machine has no internet: keep Chromium from phoning home at start.
  args: [
    '--disable-background-networking',
    '--disable-component-update',
    '--no-first-run',
    '--disable-sync',
  ],
};

export default defineConfig({
  testDir: './tests',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: [['list'], ['./summary-reporter.ts']],
  // A second run on the same machine (E2E_PORT) needs its own folder: each run empties it first.
  outputDir: process.env.E2E_OUTPUT_DIR ?? './test-results',
  use: {
    baseURL,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: chromium,
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], launchOptions: chromium } },
    { name: 'phone', use: { ...devices['Pixel 7'], launchOptions: chromium }, grep: /@phone/ },
  ],
  webServer: process.env.E2E_BASE_URL
    ? undefined
    : {
        // The production server on a private build of the web app (see start-server.ts).
        command: 'node --import tsx start-server.ts',
        url: `${baseURL}/api/health`,
        timeout: 180_000,
        reuseExistingServer: false,
        env: {
          PORT: String(port),
          HOST: '127.0.0.1',
          DATA_DIR: dataDir,
          LOG_LEVEL: 'warn',
          ADMIN_EMAIL: process.env.E2E_ADMIN_EMAIL,
          ADMIN_PASSWORD: process.env.E2E_ADMIN_PASSWORD,
          // Every test's shopper registers from 127.0.0.1: the suite (and its retries) creates
          // more accounts from one address than the default 10 an hour a real shop allows.
          ACCOUNTS_PER_IP_HOUR: '200',
          // As behind a shop's reverse proxy: a test may speak for another client address with
          // X-Forwarded-For (the captcha test does, to keep its failed logins to itself).
          TRUST_PROXY: '127.0.0.1',
        },
        stdout: 'pipe',
        stderr: 'pipe',
        // The server closes its database and the launcher removes its build folder on SIGTERM;
        // the default (SIGKILL) would leave both behind.
        gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
      },
});
