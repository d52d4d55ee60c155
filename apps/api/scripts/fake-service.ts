// Each fake the tests drive, on its own, to try the shop against it on a machine with no account
// at that service (and no internet):
//
//   npm run fake:<service> [-- --port N]    # prints the shop's settings as NAME=value lines
//   NAME=value ... npm start                # in another terminal, with those settings
//
// <service> is one of FAKE_SERVICES below. The port is --port, else PORT, else the service's own
// (0: any free one); the fakes that let a person play the service's side (Bling's stock,
// MercadoPago's payer, Melhor Envio's carrier) answer on the next port too. Everything is kept in memory until Ctrl+C.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer as createTcpServer, type AddressInfo } from 'node:net';
import {
  type FakeBlingProduct,
  startFakeBlingServer,
} from '../src/integrations/bling/fake-bling-server.ts';
import { startFakeCorreios } from '../src/integrations/correios/fake-correios-server.ts';
import { startTestOidcProvider } from '../src/integrations/google/test-oidc-provider.ts';
import {
  type ReceivedMail,
  startTestSmtpServer,
} from '../src/integrations/mail/test-smtp-server.ts';
import { melhorEnvioControl } from '../src/integrations/melhor-envio/fake-melhor-envio-control.ts';
import { startFakeMelhorEnvio } from '../src/integrations/melhor-envio/fake-melhor-envio-server.ts';
import { startFakeMercadoPago } from '../src/integrations/mercadopago/fake-mercadopago-server.ts';
import { mercadoPagoTestEnv } from '../src/integrations/mercadopago/mercadopago-test-env.ts';
import { startFakePixBank } from '../src/integrations/pix-bank/fake-pix-bank-server.ts';
import { pixBankTestEnv } from '../src/integrations/pix-bank/pix-bank-test-env.ts';
import { createTestPki } from '../src/integrations/pix-bank/test-pki.ts';
import { startFakeViaCep } from '../src/integrations/viacep/fake-viacep-server.ts';
import { startFakeWhatsApp } from '../src/integrations/whatsapp/fake-whatsapp-server.ts';
import { runCommand } from './run-command.ts';

/** A fake started for a person: what the shop must be told, and what else they can do with it. */
export interface RunningFake {
  url: string;
  /** The shop's environment variables (apps/api/src/config.ts) that point it at the fake. */
  settings: Record<string, string>;
  /** Lines printed after the settings: how to play the service's side, where things show. */
  notes: string[];
  /** Where a person (or a browser test) plays the service's side, for the fakes that have one. */
  controlUrl?: string;
  close(): Promise<void>;
}

export interface FakeService {
  /** What it stands in for, on the first line printed. */
  title: string;
  defaultPort: number;
  /** It also listens on the next port, for a person to play the service's side. */
  control?: true;
  start(options: {
    port: number;
    shopUrl: string;
    log: (line: string) => void;
  }): Promise<RunningFake>;
}

function sendJson(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  response.end(JSON.stringify(body, null, 2));
}

/**
 * A small HTTP server on loopback for a person to act as the service (set a balance, pay a
 * charge); port 0 takes any free one.
 */
async function startControlServer(
  port: number,
  handle: (request: IncomingMessage, url: URL, response: ServerResponse) => void,
): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer((request, response) => {
    handle(request, new URL(request.url ?? '/', 'http://fake.invalid'), response);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Why a webhook to the shop failed, for the person at the control server. */
function unreachable(target: string, error: unknown): string {
  return `the shop did not answer at ${target} (is it running, with APP_URL as here?): ${String(error)}`;
}

/** The control server's port: the one after the fake's, or any free one when that was. */
const nextPort = (port: number) => (port === 0 ? 0 : port + 1);

const bling: FakeService = {
  title: 'Bling ERP (OAuth, products, stock, sales orders, signed webhooks)',
  defaultPort: 3998,
  control: true,
  async start({ port, shopUrl }) {
    const fake = await startFakeBlingServer({
      redirectUri: `${shopUrl}/api/bling/oauth/callback`,
      port,
    });
    // Bling answers 3 calls a second like the real one; the demo catalogue is small.
    const names = ['Argola Tragus', 'Labret Cravejado', 'Nostril Zircônia', 'Barbell Mamilo'];
    fake.addProducts(8, (i) => ({
      nome: `${names[i % names.length] ?? 'Argola Tragus'} Bling ${i + 1}`,
      codigo: `BLING-${i + 1}`,
      preco: 39.9 + i * 10,
    }));
    for (const product of fake.products.values()) fake.setStock(product.id, 10);
    // And one sold in sizes, as Bling keeps it: a formato 'V' product whose variations, each with
    // its own code and balance, name their attribute ("Diâmetro:8mm"); the shop makes it one
    // product with a Diâmetro option. Its name says where it goes (Helix: orelha), as the sync
    // needs to place a new product.
    fake.addProduct({
      nome: 'Argola Segmento Helix Bling',
      codigo: 'BLING-SEG',
      preco: 59.9,
      variacoes: [
        {
          codigo: 'BLING-SEG-8',
          variacao: { nome: 'Diâmetro:8mm' },
          estoque: { saldoVirtualTotal: 1 },
        },
        {
          codigo: 'BLING-SEG-10',
          variacao: { nome: 'Diâmetro:10mm' },
          estoque: { saldoVirtualTotal: 5 },
        },
      ],
    });
    // And one the shop cannot place: its name names no part of the body, so the sync lists it
    // under 'Ver falhas' instead of guessing a category.
    const kit = fake.addProduct({ nome: 'Kit Limpeza Bling', codigo: 'BLING-KIT', preco: 25 });
    fake.setStock(kit.id, 10);

    const balance = (product: FakeBlingProduct) => fake.stock.get(product.id) ?? 0;
    // GET: balances (a product with variations: each variation's, by its own codigo) and what the
    // shop sent; POST ?codigo=&saldo=: a balance changed "in Bling" (a simple product's or a
    // variation's; Bling keeps none of its own for a product with variations), and the signed
    // stock.updated webhook delivered to the shop.
    const control = await startControlServer(nextPort(port), (request, url, response) => {
      if (url.pathname !== '/_fake/estoque') return sendJson(response, 404, { error: 'not found' });
      if (request.method === 'GET') {
        return sendJson(response, 200, {
          saldos: [...fake.products.values()]
            .filter((p) => !p.variacao)
            .map((p) =>
              p.variacoes.length === 0
                ? { codigo: p.codigo, nome: p.nome, saldo: balance(p) }
                : {
                    codigo: p.codigo,
                    nome: p.nome,
                    variacoes: p.variacoes.map((v) => ({
                      codigo: v.codigo,
                      variacao: v.variacao?.nome ?? '',
                      saldo: balance(v),
                    })),
                  },
            ),
          movimentos_recebidos: fake.stockMovements,
          pedidos_de_venda: fake.salesOrders.map((o) => ({ id: o.id, numeroLoja: o.numeroLoja })),
        });
      }
      if (request.method !== 'POST') return sendJson(response, 405, { error: 'GET or POST' });
      const product = [...fake.products.values()].find(
        (p) => p.codigo === url.searchParams.get('codigo') && p.variacoes.length === 0,
      );
      const saldo = Number(url.searchParams.get('saldo'));
      if (!product || !Number.isInteger(saldo) || saldo < 0) {
        return sendJson(response, 422, {
          error: 'codigo de um produto simples ou de uma variação e saldo inteiro >= 0',
        });
      }
      fake.setStock(product.id, saldo);
      fake
        .deliverWebhook(`${shopUrl}/api/webhooks/bling`, {
          event: 'stock.updated',
          data: { produto: { id: product.id } },
        })
        .then(
          (delivered) => sendJson(response, 200, { saldo, webhook: delivered.status }),
          (error: unknown) =>
            sendJson(response, 502, { saldo, webhook: unreachable(shopUrl, error) }),
        );
    });

    return {
      url: fake.url,
      controlUrl: control.url,
      settings: {
        BLING_CLIENT_ID: fake.clientId,
        BLING_CLIENT_SECRET: fake.clientSecret,
        BLING_API_URL: fake.apiUrl,
        BLING_AUTH_URL: fake.authUrl,
      },
      notes: [
        `8 products, 10 of each in stock, BLING-SEG in variations (BLING-SEG-8: 1, BLING-SEG-10: 5) and BLING-KIT, which names no part of the body (the sync reports it). 'Conectar ao Bling' and 'Sincronização completa' in ${shopUrl}/admin/produtos.`,
        `Bling's side: curl ${control.url}/_fake/estoque`,
        `              curl -X POST '${control.url}/_fake/estoque?codigo=BLING-1&saldo=3'`,
        `              curl -X POST '${control.url}/_fake/estoque?codigo=BLING-SEG-8&saldo=2'`,
      ],
      close: async () => {
        await control.close();
        await fake.close();
      },
    };
  },
};

const mercadopago: FakeService = {
  title:
    'MercadoPago (PIX, MercadoPago.js with test cards, boletos, refunds, signed payment notifications)',
  defaultPort: 3996,
  control: true,
  async start({ port, shopUrl }) {
    const fake = await startFakeMercadoPago({ port });
    const webhookSecret = 'fake-mercadopago-webhook-secret';

    // Nobody can pay the fake's PIX: the person pays (or refuses) it here, and the shop hears of
    // it by the signed notification, as from MercadoPago.
    const control = await startControlServer(nextPort(port), (request, url, response) => {
      if (url.pathname !== '/_fake/pagamentos') {
        return sendJson(response, 404, { error: 'not found' });
      }
      if (request.method === 'GET') {
        return sendJson(
          response,
          200,
          [...fake.payments.values()].map((p) => ({
            id: p.id,
            status: p.status,
            valor: p.transaction_amount,
            descricao: p.description,
          })),
        );
      }
      if (request.method !== 'POST') return sendJson(response, 405, { error: 'GET or POST' });
      const payment = fake.payments.get(url.searchParams.get('id') ?? '');
      const status = url.searchParams.get('status') ?? 'approved';
      if (!payment || !['approved', 'rejected', 'cancelled'].includes(status)) {
        return sendJson(response, 422, {
          error: 'id de um pagamento e status approved, rejected ou cancelled',
        });
      }
      const target = payment.notification_url ?? `${shopUrl}/api/webhooks/mercadopago`;
      // Approving a pending PIX, boleto or card in review pays it as MercadoPago would (fees).
      const paid = status === 'approved' && ['pending', 'in_process'].includes(payment.status);
      if (!paid) fake.setStatus(payment.id, status);
      const delivery = paid
        ? fake.pay(payment.id, { secret: webhookSecret }, target)
        : fake.notify(target, payment.id, { secret: webhookSecret });
      delivery.then(
        (delivered) => sendJson(response, 200, { status, webhook: delivered.status }),
        (error: unknown) =>
          sendJson(response, 502, { status, webhook: unreachable(target, error) }),
      );
    });

    return {
      url: fake.url,
      controlUrl: control.url,
      settings: mercadoPagoTestEnv(fake, { webhookSecret }),
      notes: [
        `The charges it issues:  curl ${control.url}/_fake/pagamentos`,
        `Pay one (the shop is notified):  curl -X POST '${control.url}/_fake/pagamentos?id=<id>&status=approved'`,
        '(status=rejected or cancelled refuses it instead)',
        `Test cards: POST ${fake.url}/v1/card_tokens (5031433215406351, CVV 123, 11/2030; holder APRO approves, FUND/SECU/CALL/OTHE refuse, CONT waits)`,
      ],
      close: async () => {
        await control.close();
        await fake.close();
      },
    };
  },
};

const pixBank: FakeService = {
  title:
    "the shop's bank, API Pix of the Banco Central (OAuth2 over mTLS, cob, webhook, devolução)",
  defaultPort: 3990,
  control: true,
  async start({ port, shopUrl }) {
    // A throwaway CA, the bank's server certificate and the shop's client one, in a temp folder.
    const pki = createTestPki();
    const fake = await startFakePixBank({
      port,
      tls: {
        cert: pki.read(pki.serverCert),
        key: pki.read(pki.serverKey),
        ca: pki.read(pki.caCert),
      },
    });
    const webhookSecret = 'fake-pix-bank-webhook-secret-0123456789';

    // Nobody can pay the fake's cobs: the person pays one here, and the bank's webhook goes to
    // the URL the shop registered (delayed, duplicated or lost on demand).
    const control = await startControlServer(nextPort(port), (request, url, response) => {
      if (url.pathname !== '/_fake/cobs') return sendJson(response, 404, { error: 'not found' });
      if (request.method === 'GET') {
        return sendJson(
          response,
          200,
          [...fake.cobs.values()].map((cob) => ({
            txid: cob.txid,
            status: cob.status,
            valor: cob.valor.original,
            solicitacaoPagador: cob.solicitacaoPagador ?? null,
          })),
        );
      }
      if (request.method !== 'POST') return sendJson(response, 405, { error: 'GET or POST' });
      const txid = url.searchParams.get('txid') ?? '';
      const webhook = url.searchParams.get('webhook') ?? 'send';
      const delayMs = Number(url.searchParams.get('delay_ms') ?? 0);
      const valor = url.searchParams.get('valor');
      const cob = fake.cobs.get(txid);
      if (
        cob?.status !== 'ATIVA' ||
        !['send', 'lost', 'duplicate'].includes(webhook) ||
        !Number.isInteger(delayMs) ||
        delayMs < 0 ||
        (valor !== null && !/^\d+\.\d{2}$/.test(valor))
      ) {
        return sendJson(response, 422, {
          error:
            'txid de uma cobrança ATIVA; webhook send, lost ou duplicate; delay_ms inteiro; valor como 12.34',
        });
      }
      fake
        .pay(txid, {
          webhook: webhook as 'send' | 'lost' | 'duplicate',
          delayMs,
          ...(valor === null ? {} : { amountCents: Math.round(Number(valor) * 100) }),
        })
        .then(
          (paid) => sendJson(response, 200, { status: 'CONCLUIDA', ...paid }),
          (error: unknown) =>
            sendJson(response, 502, {
              status: 'CONCLUIDA',
              webhook: unreachable(fake.webhooks.get(cob.chave) ?? shopUrl, error),
            }),
        );
    });

    return {
      url: fake.url,
      controlUrl: control.url,
      settings: pixBankTestEnv(fake, pki, {
        pixKey: 'financeiro@lumina.example',
        webhookSecret,
      }),
      notes: [
        `The certificates are in ${pki.dir} (removed on Ctrl+C). The shop registers its webhook when it starts.`,
        `The cobs it issued:  curl ${control.url}/_fake/cobs`,
        `Pay one (the bank posts its webhook):  curl -X POST '${control.url}/_fake/cobs?txid=<txid>'`,
        '(&webhook=lost: no webhook, the shop finds it within a minute; &webhook=duplicate: twice;',
        ' &delay_ms=5000: late; &valor=1.00: another amount, which the shop holds instead of approving)',
      ],
      close: async () => {
        await control.close();
        await fake.close();
        pki.remove();
      },
    };
  },
};

const melhorEnvio: FakeService = {
  title:
    'Melhor Envio (quotes, labels paid from a wallet, OAuth that approves at once, signed webhooks)',
  // 3994 would put the carrier's page on 3995, Google's port.
  defaultPort: 3988,
  control: true,
  async start({ port, shopUrl }) {
    const fake = await startFakeMelhorEnvio({
      port,
      redirectUri: `${shopUrl}/api/melhorenvio/oauth/callback`,
      webhookUrl: `${shopUrl}/api/webhooks/melhorenvio`,
    });
    // Melhor Envio signs an app's webhooks with that app's secret.
    fake.webhookSecret = fake.clientSecret;
    const control = await startControlServer(nextPort(port), melhorEnvioControl(fake, shopUrl));
    return {
      url: fake.url,
      controlUrl: control.url,
      settings: {
        SHIPPING_PROVIDER: 'melhor_envio',
        MELHOR_ENVIO_API_URL: fake.url,
        MELHOR_ENVIO_TOKEN: fake.token,
        MELHOR_ENVIO_EMAIL: 'dev@lumina.local',
        MELHOR_ENVIO_CLIENT_ID: fake.clientId,
        MELHOR_ENVIO_CLIENT_SECRET: fake.clientSecret,
      },
      notes: [
        'Every CEP gets PAC R$ 26,35 in 8 days and SEDEX R$ 41,70 in 2; the cart and checkout show them.',
        "Labels ('Gerar etiqueta' in the admin) are paid from a wallet of R$ 1.000,00: PAC R$ 26,35,",
        'SEDEX R$ 41,70, Mini Envios R$ 15,20 (parcels up to 300 g and 24 x 16 x 4 cm), Jadlog',
        '.Package R$ 19,80 in 5 days; LATAM Cargo éFácil is quoted but needs a drop-off agency.',
        "'Conectar ao Melhor Envio' approves at once.",
        `Play the carrier ('Postar', 'Entregar': the shop gets the signed webhook), set the`,
        `wallet's balance and each service's deadline in the quotes at ${control.url}/`,
        `Or: curl ${control.url}/_fake/etiquetas`,
        `    curl -X POST '${control.url}/_fake/etiquetas/<id>/postar'`,
        `    curl -X POST '${control.url}/_fake/saldo?saldo=5,00'`,
        `    curl -X POST '${control.url}/_fake/prazos?servico=3&dias=12'`,
      ],
      close: async () => {
        await control.close();
        await fake.close();
      },
    };
  },
};

const correios: FakeService = {
  title: 'Correios contract API (token, PAC R$ 19,92 in 7 days, SEDEX R$ 1.034,50 in 2)',
  defaultPort: 3993,
  async start({ port }) {
    const fake = await startFakeCorreios({ port });
    return {
      url: fake.url,
      settings: {
        SHIPPING_PROVIDER: 'correios',
        CORREIOS_API_URL: fake.url,
        CORREIOS_USER: fake.credentials.user,
        CORREIOS_ACCESS_CODE: fake.credentials.accessCode,
        CORREIOS_POSTING_CARD: fake.credentials.postingCard,
      },
      notes: ['Every CEP gets the same two quotes; the cart and checkout show them.'],
      close: () => fake.close(),
    };
  },
};

const viacep: FakeService = {
  title: 'ViaCEP (address lookup by CEP)',
  defaultPort: 3992,
  async start({ port }) {
    const fake = await startFakeViaCep({ port });
    return {
      url: fake.url,
      settings: { VIACEP_BASE_URL: fake.url },
      notes: [
        'It knows one CEP, 01310-100 (Avenida Paulista, São Paulo); any other is not found and the',
        `address form is typed by hand. Try: curl ${fake.url}/01310100/json/`,
      ],
      close: () => fake.close(),
    };
  },
};

const whatsapp: FakeService = {
  title: 'WhatsApp Cloud API (template messages: the order updates)',
  defaultPort: 3986,
  async start({ port, log }) {
    const fake = await startFakeWhatsApp({
      port,
      onMessage: (message) =>
        log(
          `--- WhatsApp to +${message.to} at ${message.at}\n    ${message.template}: ${message.parameters.join(' | ')}`,
        ),
    });
    return {
      url: fake.url,
      settings: {
        WHATSAPP_API_URL: fake.url,
        WHATSAPP_ACCESS_TOKEN: fake.accessToken,
        WHATSAPP_PHONE_NUMBER_ID: fake.phoneNumberId,
      },
      notes: [
        "Checkout then offers 'Quero receber atualizações do pedido pelo WhatsApp'; each order",
        'update a shopper asked for is printed here, and listed by:',
        `curl ${fake.url}/_fake/mensagens`,
      ],
      close: () => fake.close(),
    };
  },
};

/** One received mail as the SMTP fake prints it: envelope, subject, and the text part. */
export function describeMail(mail: ReceivedMail): string {
  const text = (mail.text ?? '(no text part)')
    .trim()
    .split('\n')
    .map((line) => (line.trim() ? `    ${line}` : ''))
    .join('\n');
  return `--- mail to ${mail.recipients.join(', ')} at ${new Date().toISOString()}\n    Subject: ${mail.subject}\n${text}`;
}

const smtp: FakeService = {
  title: 'SMTP server (every e-mail the shop sends, printed here)',
  defaultPort: 2525,
  async start({ port, log }) {
    const fake = await startTestSmtpServer({ port, onMail: (mail) => log(describeMail(mail)) });
    return {
      url: fake.url,
      settings: { SMTP_URL: fake.url },
      notes: [
        'Each message the shop sends is printed below as it arrives: recipients, subject and text',
        '(the links to confirm an e-mail or reset a password are in it). Nothing leaves this machine.',
      ],
      close: () => fake.close(),
    };
  },
};

const google: FakeService = {
  title: 'Google sign-in (an OpenID Connect provider that signs everyone in at once)',
  defaultPort: 3995,
  async start({ port }) {
    const fake = await startTestOidcProvider({ port });
    return {
      url: fake.issuerUrl,
      settings: {
        GOOGLE_ISSUER_URL: fake.issuerUrl,
        GOOGLE_CLIENT_ID: 'lumina-fake-client',
        GOOGLE_CLIENT_SECRET: 'lumina-fake-secret',
      },
      notes: [
        "'Entrar com Google' comes back signed in as Usuária Google <google.user@example.com>,",
        'without asking for a password.',
      ],
      close: () => fake.close(),
    };
  },
};

export const FAKE_SERVICES: Record<string, FakeService> = {
  bling,
  mercadopago,
  'pix-bank': pixBank,
  'melhor-envio': melhorEnvio,
  correios,
  viacep,
  smtp,
  google,
  whatsapp,
};

/** --port N or --port=N, else PORT, else the service's default; 0 means any free port. */
export function choosePort(
  args: readonly string[],
  env: Record<string, string | undefined>,
  fallback: number,
): number {
  const index = args.findIndex((arg) => arg === '--port' || arg.startsWith('--port='));
  const flag = index < 0 ? undefined : (args[index]?.split('=')[1] ?? args[index + 1]);
  const text = flag ?? env.PORT;
  if (text === undefined || text === '') return fallback;
  const port = Number(text);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`Port "${text}" is not a port number (0 to 65535).`);
  }
  return port;
}

/** A value as a shell reads it back: bare when it is safe, else in single quotes. */
function shellValue(value: string): string {
  return /^[\w@%+:,./-]*$/.test(value) ? value : `'${value.replaceAll("'", `'\\''`)}'`;
}

/** What is printed once the fake listens: the settings as NAME=value lines, then the notes. */
export function describeFake(title: string, fake: RunningFake): string {
  const lines = Object.entries(fake.settings).map(
    ([name, value]) => `${name}=${shellValue(value)}`,
  );
  return [
    `Fake ${title} at ${fake.url}`,
    '',
    'Settings for the shop:',
    ...lines,
    '',
    'Start the shop with them, in another terminal:',
    `  ${lines.join(' \\\n  ')} \\\n  npm start`,
    '',
    ...fake.notes,
    '',
    'The fake keeps everything in memory: stop it with Ctrl+C.',
  ].join('\n');
}

/** Refuses a port already taken before any server of the fake starts listening. */
async function assertPortFree(port: number): Promise<void> {
  if (port === 0) return;
  const probe = createTcpServer();
  await new Promise<void>((resolve, reject) => {
    probe.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        new Error(
          error.code === 'EADDRINUSE'
            ? `Port ${port} is in use: stop what uses it, or pick another with -- --port N.`
            : `Port ${port}: ${error.message}`,
        ),
      ),
    );
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve()));
  });
}

async function main(): Promise<void> {
  const [name = '', ...args] = process.argv.slice(2);
  const service = FAKE_SERVICES[name];
  if (!service) {
    throw new Error(
      `Usage: npm run fake:<service> [-- --port N], <service> one of ${Object.keys(FAKE_SERVICES).join(', ')}.`,
    );
  }
  const port = choosePort(args, process.env, service.defaultPort);
  await assertPortFree(port);
  if (service.control) await assertPortFree(nextPort(port));
  const shopUrl = (process.env.APP_URL ?? 'http://localhost:3000').replace(/\/+$/, '');
  const fake = await service.start({ port, shopUrl, log: (line) => console.log(line) });
  console.log(describeFake(service.title, fake));
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => void fake.close().then(() => process.exit(0)));
  }
}

await runCommand(import.meta.url, main);
