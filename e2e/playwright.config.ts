import { defineConfig, devices } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readFakePayments } from './tests/support/fake-payments.ts';

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

// The payments shop (start-server.ts, E2E_SERVER=payments): the same build on the next port, with
// a data folder and an administrator of its own, PIX through the fake bank's API Pix and card and
// boleto through the fake MercadoPago; the tests under tests/payments run against it.
// E2E_PAYMENTS=off leaves it out, and against E2E_BASE_URL it is E2E_PAYMENTS_BASE_URL's server.
const paymentsURL =
  process.env.E2E_PAYMENTS === 'off'
    ? undefined
    : process.env.E2E_BASE_URL
      ? process.env.E2E_PAYMENTS_BASE_URL
      : `http://127.0.0.1:${port + 1}`;
if (paymentsURL && !process.env.E2E_BASE_URL) {
  process.env.E2E_PAYMENTS_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'lumina-e2e-payments-'));
  // One build for both servers: the shop's launcher makes it under this name, the payments
  // shop's runs it (Playwright starts the servers one after the other).
  process.env.E2E_BUILD_ID ??= randomBytes(4).toString('hex');
}
// The fakes' control servers listen on free ports, written into the payments shop's data folder
// as it starts: the runner loads this file before that, each worker after, and finds them there.
const fakePayments = readFakePayments(process.env.E2E_PAYMENTS_DATA_DIR);
if (fakePayments) {
  process.env.E2E_FAKE_PIX_BANK_CONTROL_URL ??= fakePayments.pixBankControlUrl;
  process.env.E2E_FAKE_MERCADOPAGO_CONTROL_URL ??= fakePayments.mercadopagoControlUrl;
}

/** What both servers share: the administrator and the limits of a suite run from 127.0.0.1. */
const serverEnv = {
  HOST: '127.0.0.1',
  LOG_LEVEL: 'warn',
  ADMIN_EMAIL: process.env.E2E_ADMIN_EMAIL,
  ADMIN_PASSWORD: process.env.E2E_ADMIN_PASSWORD,
  // Every test's shopper registers from 127.0.0.1: the suite (and its retries) creates
  // more accounts from one address than the default 10 an hour a real shop allows.
  ACCOUNTS_PER_IP_HOUR: '200',
  // As behind a shop's reverse proxy: a test may speak for another client address with
  // X-Forwarded-For (the captcha test does, to keep its failed logins to itself).
  TRUST_PROXY: '127.0.0.1',
  // Reminders (reminders.spec.ts) are scanned every 5 s instead of every 5 minutes.
  REMINDER_SCAN_SECONDS: '5',
  ...(process.env.E2E_BUILD_ID ? { E2E_BUILD_ID: process.env.E2E_BUILD_ID } : {}),
};

/** The tests of the payments shop, under tests/payments; the other projects leave them out. */
const PAYMENT_TESTS = '**/tests/payments/**/*.spec.ts';

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
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], launchOptions: chromium },
      testIgnore: PAYMENT_TESTS,
    },
    {
      name: 'phone',
      use: { ...devices['Pixel 7'], launchOptions: chromium },
      grep: /@phone/,
      testIgnore: PAYMENT_TESTS,
    },
    ...(paymentsURL
      ? [
          {
            name: 'payments',
            use: { ...devices['Desktop Chrome'], launchOptions: chromium, baseURL: paymentsURL },
            testMatch: PAYMENT_TESTS,
          },
          {
            name: 'payments-phone',
            use: { ...devices['Pixel 7'], launchOptions: chromium, baseURL: paymentsURL },
            testMatch: PAYMENT_TESTS,
            grep: /@phone/,
          },
        ]
      : []),
  ],
  webServer: process.env.E2E_BASE_URL
    ? undefined
    : [
        {
          // The production server on a private build of the web app (see start-server.ts).
          name: 'shop',
          command: 'node --import tsx start-server.ts',
          url: `${baseURL}/api/health`,
          timeout: 180_000,
          reuseExistingServer: false,
          env: { ...serverEnv, E2E_SERVER: 'shop', PORT: String(port), DATA_DIR: dataDir },
          stdout: 'pipe',
          stderr: 'pipe',
          // The server closes its database and the launcher removes its build folder on SIGTERM;
          // the default (SIGKILL) would leave both behind.
          gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
        },
        ...(paymentsURL
          ? [
              {
                // Started once the shop answers, on its build; stopped before it.
                name: 'payments',
                command: 'node --import tsx start-server.ts',
                url: `${paymentsURL}/api/health`,
                timeout: 60_000,
                reuseExistingServer: false,
                env: {
                  ...serverEnv,
                  E2E_SERVER: 'payments',
                  PORT: String(port + 1),
                  DATA_DIR: process.env.E2E_PAYMENTS_DATA_DIR ?? '',
                  // A PIX paid without its webhook is found within seconds, not a minute.
                  PIX_RECONCILE_SECONDS: '5',
                },
                stdout: 'pipe' as const,
                stderr: 'pipe' as const,
                // The server closes its database, the launcher the fakes and their certificates.
                gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 15_000 },
              },
            ]
          : []),
      ],
});
