// The servers the browser tests run against: the production server (NODE_ENV=production, API and
// built web app in one process, as `npm start` runs it), on a build of the web app of its own.
// playwright.config.ts runs this twice: the shop (E2E_SERVER=shop, the default) builds the web app
// and the API and serves the sandbox PIX; the payments shop (E2E_SERVER=payments), started once
// the first answers, runs the same build with its own data folder, PIX through the fake bank's
// API Pix and card and boleto through the fake MercadoPago.
//
// Why not apps/web/dist: the server reads index.html once at start, and any `npm start` or
// `npm run build` elsewhere replaces the hashed files in that shared folder. A server that is
// already running then hands out an index.html whose scripts are gone, and every later test
// fails. A private build folder, made fresh for each run, also means the tests always see the
// current sources.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serverArgs, serverEnv } from '../scripts/server-command.mjs';
import { E2E_FAKE_BLING_FILE } from './tests/support/fake-bling.ts';
import { E2E_FAKE_MELHOR_ENVIO_FILE } from './tests/support/fake-melhor-envio.ts';
import { E2E_FAKE_PAYMENTS_FILE, type FakePaymentsFile } from './tests/support/fake-payments.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const role = process.env.E2E_SERVER === 'payments' ? 'payments' : 'shop';
// Both servers' launchers get the same E2E_BUILD_ID from playwright.config.ts: the shop's makes
// the build under these names and removes it, the payments shop's only runs it.
const buildId = process.env.E2E_BUILD_ID ?? randomBytes(4).toString('hex');
const builds = role === 'shop' || !process.env.E2E_BUILD_ID;
const ownOutDir = builds && !process.env.E2E_WEB_DIST;
const outDir = process.env.E2E_WEB_DIST ?? join(tmpdir(), `lumina-e2e-web-${buildId}`);
const apiOutDir = `dist-e2e-${buildId}`;
const origin = `http://${process.env.HOST ?? '127.0.0.1'}:${process.env.PORT ?? '3000'}`;

if (builds) {
  console.log(`Building the web app into ${outDir}`);
  const build = spawnSync(
    'npm',
    [
      'run',
      'build',
      '-w',
      '@lumina/web',
      '--',
      '--outDir',
      outDir,
      '--emptyOutDir',
      '--logLevel',
      'warn',
    ],
    { cwd: root, stdio: 'inherit' },
  );
  if (build.status !== 0) process.exit(build.status ?? 1);

  // The API as `npm start` runs it: compiled to JavaScript, under plain node, into a
  // folder of its own for the same reason as the web build's.
  const apiBuild = spawnSync(process.execPath, ['scripts/build-api.mjs', '--outDir', apiOutDir], {
    cwd: root,
    stdio: 'inherit',
  });
  if (apiBuild.status !== 0) process.exit(apiBuild.status ?? 1);
} else if (!existsSync(join(root, 'apps/api', apiOutDir, 'server.js')) || !existsSync(outDir)) {
  console.error(`The shop's launcher left no build ${buildId} (apps/api/${apiOutDir}, ${outDir})`);
  process.exit(1);
}

const fakes =
  role === 'shop' ? [await startE2eBling(), await startE2eMelhorEnvio()] : await startE2ePayments();
const server: ChildProcess = spawn(process.execPath, serverArgs(apiOutDir), {
  cwd: root,
  stdio: 'inherit',
  // The browser tests load far more pages a minute from 127.0.0.1 than one shopper does; the
  // page limit's own behaviour is tested against the API.
  env: serverEnv({
    NODE_ENV: 'production',
    PAGE_RATE_LIMIT_MAX: '100000',
    // The browser tests' shop has a WhatsApp, as a real one would (a fresh start has none).
    STORE_WHATSAPP: '11987654321',
    ...process.env,
    WEB_DIST_DIR: outDir,
    ...Object.fromEntries(fakes.flatMap((fake) => Object.entries(fake.env))),
  }),
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => {
  // Playwright stops the server with SIGTERM (gracefulShutdown in the config), so this runs.
  // The payments shop stops first (Playwright stops its servers in reverse order).
  if (ownOutDir) rmSync(outDir, { recursive: true, force: true });
  if (builds) rmSync(join(root, 'apps/api', apiOutDir), { recursive: true, force: true });
  void Promise.allSettled(fakes.map((fake) => fake.close())).then(() =>
    process.exit(code ?? (signal ? 1 : 0)),
  );
});

interface E2eFake {
  close(): Promise<void>;
  env: Record<string, string>;
}

/** A fake of apps/api/scripts/fake-service.ts, on any free port, told this server's address. */
async function startFake(name: string) {
  const { FAKE_SERVICES } = await import('../apps/api/scripts/fake-service.ts');
  const service = FAKE_SERVICES[name];
  if (!service) throw new Error(`apps/api/scripts/fake-service.ts lost its fake ${name}`);
  return service.start({ port: 0, shopUrl: origin, log: (line) => console.log(line) });
}

/**
 * The fake Bling a person starts with `npm run fake:bling` (its catalogue, its control server for
 * Bling's side of the stock), for the shop to connect to: the browser test connects the panel to
 * it, runs a full sync, sells a variation and changes a balance "in Bling". Bling sends the
 * browser back to this server's callback, as the shop's registered redirect URL. The control
 * server's address goes into the data folder, which the tests know (E2E_DATA_DIR).
 */
async function startE2eBling(): Promise<E2eFake> {
  const fake = await startFake('bling');
  const dataDir = process.env.DATA_DIR;
  if (dataDir) {
    writeFileSync(
      join(dataDir, E2E_FAKE_BLING_FILE),
      JSON.stringify({ controlUrl: fake.controlUrl }),
    );
  }
  return {
    close: () => fake.close(),
    env: { ...fake.settings, BLING_TOKEN_KEY: randomBytes(32).toString('hex') },
  };
}

/**
 * The fake Melhor Envio a person starts with `npm run fake:melhorenvio`, for the labels: its
 * token connects the shop ('conectado pelo token'), labels are paid from its wallet, and its
 * control server plays the carrier (post, deliver: the signed webhook goes to this server's
 * /api/webhooks/melhorenvio) and sets the wallet's balance. The quotes stay on the built-in
 * table (no SHIPPING_PROVIDER): the other browser tests count on its prices. The control
 * server's address goes into the data folder, as the Bling one's does.
 */
async function startE2eMelhorEnvio(): Promise<E2eFake> {
  const fake = await startFake('melhor-envio');
  const dataDir = process.env.DATA_DIR;
  if (dataDir) {
    writeFileSync(
      join(dataDir, E2E_FAKE_MELHOR_ENVIO_FILE),
      JSON.stringify({ controlUrl: fake.controlUrl }),
    );
  }
  const { SHIPPING_PROVIDER: _quotesStayOnTheTable, ...settings } = fake.settings;
  return { close: () => fake.close(), env: settings };
}

/**
 * The payment services of the payments shop, as `npm run fake:pix-bank` and
 * `npm run fake:mercadopago` start them: the bank's API Pix over HTTPS with mutual TLS (a
 * throwaway PKI made now, removed at the end) issues the PIX charges, and MercadoPago takes
 * cards and boletos beside it. Their control servers (pay a cob with its webhook sent, lost or
 * twice; approve a boleto) go into the data folder, which playwright.config.ts hands to the
 * workers as E2E_FAKE_PIX_BANK_CONTROL_URL and E2E_FAKE_MERCADOPAGO_CONTROL_URL.
 */
async function startE2ePayments(): Promise<E2eFake[]> {
  const pixBank = await startFake('pix-bank');
  const mercadopago = await startFake('mercadopago');
  if (!pixBank.controlUrl || !mercadopago.controlUrl) {
    throw new Error(
      'apps/api/scripts/fake-service.ts names no control server of its payment fakes',
    );
  }
  const controls: FakePaymentsFile = {
    pixBankControlUrl: pixBank.controlUrl,
    mercadopagoControlUrl: mercadopago.controlUrl,
    mercadopagoUrl: mercadopago.url,
  };
  const dataDir = process.env.DATA_DIR;
  if (dataDir) writeFileSync(join(dataDir, E2E_FAKE_PAYMENTS_FILE), JSON.stringify(controls));
  console.log(
    `Fake API Pix at ${pixBank.url} (control ${controls.pixBankControlUrl}), fake MercadoPago at ${mercadopago.url} (control ${controls.mercadopagoControlUrl})`,
  );
  // The fake's own settings turn card and boleto on (its public key, its MercadoPago.js);
  // E2E_CARD_PAYMENTS=off starts the payments shop with the bank's PIX alone.
  const cards: Record<string, string> =
    process.env.E2E_CARD_PAYMENTS === 'off' ? { CARD_PAYMENTS: 'off' } : {};
  return [
    { close: () => mercadopago.close(), env: {} },
    {
      close: () => pixBank.close(),
      env: {
        // MercadoPago's settings name it the PIX provider too: the bank's come after, and win.
        ...mercadopago.settings,
        ...pixBank.settings,
        ...cards,
        // The bank posts its webhooks to APP_URL, and MercadoPago its notifications.
        APP_URL: origin,
      },
    },
  ];
}
