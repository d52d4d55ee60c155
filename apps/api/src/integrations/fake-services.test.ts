// `npm run fake:<service>` as a person runs it: the script starts on its own, prints the shop's
// settings as NAME=value lines, and the service answers at the address those settings name.
import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { choosePort } from '../../scripts/fake-service.ts';
import { CONFIG_VARIABLES, loadConfig } from '../config.ts';
import { REPO_ROOT } from '../paths.ts';
import { createMailer } from './mail/mailer.ts';
import { createMelhorEnvioLabelProvider } from './melhor-envio/label-provider.ts';
import { createMelhorEnvioOauth } from './melhor-envio/melhor-envio-oauth.ts';
import { createPixBankClient } from './pix-bank/pix-bank-client.ts';
import { pixBankClientConfig } from './pix-bank/pix-bank-provider.ts';
import { createViaCepClient } from './viacep/viacep-client.ts';
import { createWhatsAppClient } from './whatsapp/whatsapp-client.ts';

const SHOP_URL = 'http://localhost:3000';

interface Started {
  child: ChildProcess;
  settings: Record<string, string>;
  /** Everything printed so far. */
  output(): string;
}

const running: ChildProcess[] = [];

afterEach(async () => {
  await Promise.all(
    running.splice(0).map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          child.once('exit', () => resolve());
          child.kill('SIGTERM');
        }),
    ),
  );
});

/** Starts the script on any free port and waits for its settings. */
async function startScript(service: string): Promise<Started> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', join(REPO_ROOT, 'apps/api/scripts/fake-service.ts'), service, '--port=0'],
    {
      cwd: REPO_ROOT,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', APP_URL: SHOP_URL },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  running.push(child);
  let out = '';
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
  await new Promise<void>((resolve, reject) => {
    const check = () => {
      if (out.includes('Ctrl+C')) resolve();
    };
    child.stdout?.on('data', check);
    child.once('exit', (code) => reject(new Error(`fake:${service} exited with ${code}: ${out}`)));
  });
  const settings = Object.fromEntries(
    [...out.matchAll(/^([A-Z][A-Z0-9_]*)=(\S+)$/gm)].map((match) => [match[1]!, match[2]!]),
  );
  return { child, settings, output: () => out };
}

/** The printed settings are variables the shop reads, and it starts with them. */
function expectShopAccepts(settings: Record<string, string>) {
  const known = new Set<string>(CONFIG_VARIABLES.map((variable) => variable.name));
  expect(Object.keys(settings).filter((name) => !known.has(name))).toEqual([]);
  return loadConfig(settings);
}

describe('npm run fake:<service>', () => {
  it('bling: the OAuth consent sends the browser back to the shop with a code', async () => {
    const { settings } = await startScript('bling');
    const config = expectShopAccepts(settings);
    expect(config.blingClientId).toBe(settings.BLING_CLIENT_ID);
    const authorize = new URL(`${config.blingAuthUrl}/authorize`);
    authorize.search = new URLSearchParams({
      response_type: 'code',
      client_id: config.blingClientId ?? '',
      state: 'estado-1',
    }).toString();
    const response = await fetch(authorize, { redirect: 'manual' });
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toMatch(
      /^http:\/\/localhost:3000\/api\/bling\/oauth\/callback\?code=.+&state=estado-1$/,
    );
  });

  it("bling: a product in variations, whose variations' balances are listed and set by codigo", async () => {
    const { output } = await startScript('bling');
    const control = /curl (http:\/\/127\.0\.0\.1:\d+)\/_fake\/estoque/.exec(output())?.[1];
    expect(control, output()).toBeDefined();
    const balances = async () =>
      ((await (await fetch(`${control}/_fake/estoque`)).json()) as { saldos: unknown[] }).saldos;
    const seg = {
      codigo: 'BLING-SEG',
      nome: 'Argola Segmento Helix Bling',
      variacoes: [
        { codigo: 'BLING-SEG-8', variacao: 'Diâmetro:8mm', saldo: 1 },
        { codigo: 'BLING-SEG-10', variacao: 'Diâmetro:10mm', saldo: 5 },
      ],
    };
    const before = await balances();
    expect(before).toHaveLength(10);
    expect(before).toContainEqual({ codigo: 'BLING-1', nome: 'Argola Tragus Bling 1', saldo: 10 });
    expect(before).toContainEqual(seg);

    // No shop answers here: the balance changes all the same, and the answer says why no webhook.
    const set = await fetch(`${control}/_fake/estoque?codigo=BLING-SEG-8&saldo=3`, {
      method: 'POST',
    });
    expect(set.status).toBe(502);
    expect(await set.json()).toMatchObject({ saldo: 3 });
    expect(await balances()).toContainEqual({
      ...seg,
      variacoes: [{ ...seg.variacoes[0], saldo: 3 }, seg.variacoes[1]],
    });
    // The product with variations has no balance of its own in Bling.
    const parent = await fetch(`${control}/_fake/estoque?codigo=BLING-SEG&saldo=3`, {
      method: 'POST',
    });
    expect(parent.status).toBe(422);
  });

  it('mercadopago: a PIX charge is created with the printed token', async () => {
    const { settings } = await startScript('mercadopago');
    const config = expectShopAccepts(settings);
    expect(config.paymentProvider).toBe('mercadopago');
    const response = await fetch(`${config.mercadoPagoApiUrl}/v1/payments`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${config.mercadoPagoAccessToken}`,
        'content-type': 'application/json',
        'x-idempotency-key': 'pagamento-1',
      },
      body: JSON.stringify({
        transaction_amount: 89.9,
        payment_method_id: 'pix',
        payer: { email: 'cliente@example.com' },
      }),
    });
    expect(response.status).toBe(201);
    const payment = (await response.json()) as {
      status: string;
      point_of_interaction: { transaction_data: { qr_code: string } };
    };
    expect(payment.status).toBe('pending');
    expect(payment.point_of_interaction.transaction_data.qr_code).toMatch(/^000201/);
  });

  it("pix-bank: the shop's own client, with the printed certificate, issues a cob the control pays", async () => {
    const { settings, output } = await startScript('pix-bank');
    const config = expectShopAccepts(settings);
    expect(config.paymentProvider).toBe('pix-bank');
    if (!config.pixBank) throw new Error('pix-bank settings missing');
    const client = createPixBankClient(pixBankClientConfig(config.pixBank));
    const txid = 'FakeServicesTxid0123456789ab';
    try {
      const cob = await client.createCob({
        txid,
        amountCents: 8990,
        expiresInSeconds: 1800,
        chave: config.pixKey ?? '',
      });
      expect(cob).toMatchObject({ status: 'ATIVA', valor: { original: '89.90' } });
      const control = /curl (http:\/\/127\.0\.0\.1:\d+)\/_fake\/cobs/.exec(output())?.[1];
      expect(control, output()).toBeDefined();
      const paid = await fetch(`${control}/_fake/cobs?txid=${txid}&webhook=lost`, {
        method: 'POST',
      });
      expect(paid.status).toBe(200);
      expect((await client.getCob(txid)).status).toBe('CONCLUIDA');
    } finally {
      client.close();
    }
  });

  it('melhor-envio: the calculator quotes with the printed token', async () => {
    const { settings } = await startScript('melhor-envio');
    const config = expectShopAccepts(settings);
    expect(config.shippingProvider).toBe('melhor_envio');
    const response = await fetch(`${config.melhorEnvioApiUrl}/api/v2/me/shipment/calculate`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${config.melhorEnvioToken}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ from: { postal_code: '01310100' }, to: { postal_code: '20040002' } }),
    });
    expect(response.status).toBe(200);
    // No `services` asked for: every service the fake has, as Melhor Envio quotes them all.
    expect(((await response.json()) as { name: string }[]).map((entry) => entry.name)).toEqual([
      'PAC',
      'SEDEX',
      'Mini Envios',
      '.Package',
      'éFácil',
    ]);
  });

  it("melhor-envio: the app's OAuth comes back to the shop, and the control page plays the carrier", async () => {
    const { settings, output } = await startScript('melhor-envio');
    const config = expectShopAccepts(settings);
    expect(settings.MELHOR_ENVIO_CLIENT_ID).toBeTruthy();
    expect(settings.MELHOR_ENVIO_CLIENT_SECRET).toBeTruthy();
    const oauth = createMelhorEnvioOauth({
      baseUrl: config.melhorEnvioApiUrl,
      clientId: settings.MELHOR_ENVIO_CLIENT_ID ?? '',
      clientSecret: settings.MELHOR_ENVIO_CLIENT_SECRET ?? '',
      redirectUri: `${SHOP_URL}/api/melhorenvio/oauth/callback`,
      contactEmail: config.melhorEnvioEmail ?? '',
    });
    const consent = await fetch(oauth.authorizeUrl('estado-1'), { redirect: 'manual' });
    const back = new URL(consent.headers.get('location') ?? '');
    expect(`${back.origin}${back.pathname}`).toBe(`${SHOP_URL}/api/melhorenvio/oauth/callback`);
    const tokens = await oauth.exchangeCode(back.searchParams.get('code') ?? '');

    // A label bought with the connected account, ready to post.
    const labels = createMelhorEnvioLabelProvider({
      baseUrl: config.melhorEnvioApiUrl,
      contactEmail: config.melhorEnvioEmail ?? '',
      tokens: { current: () => Promise.resolve(tokens.accessToken) },
    });
    const party = {
      name: 'Ana Souza',
      document: '52998224725',
      email: null,
      phone: null,
      address: {
        zipCode: '01310100',
        street: 'Avenida Paulista',
        number: '1000',
        complement: null,
        neighborhood: 'Bela Vista',
        city: 'São Paulo',
        state: 'SP',
      },
    };
    const { providerOrderId } = await labels.addToCart({
      orderNumber: 'LUM-3001',
      serviceId: 1,
      from: party,
      to: party,
      products: [{ name: 'Argola', quantity: 1, unitaryValueCents: 3990 }],
      volume: { heightCm: 2, widthCm: 11, lengthCm: 16, weightGrams: 30 },
      insuranceValueCents: 3990,
      invoiceKey: null,
    });
    await labels.checkout([providerOrderId]);
    await labels.generate([providerOrderId]);

    const control = /at (http:\/\/127\.0\.0\.1:\d+)\/$/m.exec(output())?.[1];
    expect(control, output()).toBeDefined();
    const page = await (await fetch(`${control}/`)).text();
    expect(page).toContain('LUM-3001');
    expect(page).toContain('>Postar</button>');

    // No shop listens here: the label is posted all the same, and the answer says why no webhook.
    const posted = await fetch(`${control}/_fake/etiquetas/${providerOrderId}/postar`, {
      method: 'POST',
    });
    expect(posted.status).toBe(502);
    expect(((await posted.json()) as { mensagem: string }).mensagem).toContain(
      `${SHOP_URL}/api/webhooks/melhorenvio`,
    );
    expect((await labels.tracking([providerOrderId]))[0]?.status).toBe('posted');

    const balance = await fetch(`${control}/_fake/saldo`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' },
      body: 'saldo=12%2C34',
      redirect: 'manual',
    });
    expect(balance.status).toBe(303);
    await expect(labels.balanceCents()).resolves.toBe(1234);

    // A service's deadline in the quotes, set on the control page, and back to its usual one.
    const quoteDays = async () =>
      (
        await labels.quote({
          fromZipCode: '01310100',
          toZipCode: '20040002',
          volume: { heightCm: 2, widthCm: 11, lengthCm: 16, weightGrams: 30 },
          insuranceValueCents: 3990,
        })
      ).find((quote) => quote.serviceId === 3)?.deliveryDays;
    const set = await fetch(`${control}/_fake/prazos?servico=3&dias=12`, { method: 'POST' });
    expect(set.status).toBe(200);
    expect(await quoteDays()).toBe(12);
    const refused = await fetch(`${control}/_fake/prazos?servico=3&dias=x`, { method: 'POST' });
    expect(refused.status).toBe(422);
    await fetch(`${control}/_fake/prazos?servico=3&dias=`, { method: 'POST' });
    expect(await quoteDays()).toBe(5);
  });

  it('correios: the printed contract credentials get a token', async () => {
    const { settings } = await startScript('correios');
    const config = expectShopAccepts(settings);
    expect(config.shippingProvider).toBe('correios');
    const basic = Buffer.from(`${config.correiosUser}:${config.correiosAccessCode}`);
    const response = await fetch(`${config.correiosApiUrl}/token/v1/autentica/cartaopostagem`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${basic.toString('base64')}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ numero: config.correiosPostingCard }),
    });
    expect(response.status).toBe(201);
    expect(((await response.json()) as { token: string }).token).toBeTruthy();
  });

  it("viacep: the shop's own client finds Avenida Paulista", async () => {
    const { settings } = await startScript('viacep');
    const config = expectShopAccepts(settings);
    const client = createViaCepClient({ baseUrl: config.viacepBaseUrl });
    expect(await client.lookup('01310100')).toMatchObject({
      street: 'Avenida Paulista',
      state: 'SP',
    });
  });

  it("smtp: a mail the shop's mailer sends is printed with its recipient and subject", async () => {
    const started = await startScript('smtp');
    const config = expectShopAccepts(started.settings);
    const mailer = createMailer(config, { info: () => {} });
    expect(mailer.transport).toBe('smtp');
    try {
      await mailer.send({
        to: 'cliente@example.com',
        subject: 'Confirme seu e-mail',
        text: 'Abra http://localhost:3000/confirmar?token=abc',
        html: '<p>Abra o link</p>',
      });
    } finally {
      mailer.close();
    }
    await expect
      .poll(() => started.output())
      .toMatch(
        /mail to cliente@example\.com .*\n {4}Subject: Confirme seu e-mail\n {4}Abra http:\/\/localhost:3000\/confirmar\?token=abc/,
      );
  });

  it('google: the printed issuer serves its OpenID configuration', async () => {
    const { settings } = await startScript('google');
    const config = expectShopAccepts(settings);
    expect(config.googleClientId).toBeTruthy();
    const response = await fetch(`${config.googleIssuerUrl}/.well-known/openid-configuration`);
    expect(response.status).toBe(200);
    expect(((await response.json()) as { issuer: string }).issuer).toBe(config.googleIssuerUrl);
  });

  it("whatsapp: the shop's own client sends a template with the printed settings, and it is printed", async () => {
    const started = await startScript('whatsapp');
    const config = expectShopAccepts(started.settings);
    if (!config.whatsapp) throw new Error('WhatsApp settings missing');
    const client = (accessToken: string) =>
      createWhatsAppClient({
        apiUrl: config.whatsappApiUrl,
        version: config.whatsappApiVersion,
        phoneNumberId: config.whatsapp?.phoneNumberId ?? '',
        accessToken,
        timeoutMs: 5000,
      });
    const message = {
      to: '5511987654321',
      template: 'pagamento_aprovado',
      language: 'pt_BR',
      parameters: ['Ana', 'LP001001'],
    };
    const { messageId } = await client(config.whatsapp.accessToken).sendTemplate(message);
    expect(messageId).toMatch(/^wamid\./);
    await expect.poll(() => started.output()).toContain('--- WhatsApp to +5511987654321');
    await expect(client('EAAG-another-shops-token').sendTemplate(message)).rejects.toMatchObject({
      status: 401,
      code: 190,
    });
  });

  it('a port taken by another fake is refused with a message, and stops cleanly on SIGTERM', async () => {
    const first = await startScript('viacep');
    const port = new URL(first.settings.VIACEP_BASE_URL ?? '').port;
    const second = spawn(
      process.execPath,
      ['--import', 'tsx', join(REPO_ROOT, 'apps/api/scripts/fake-service.ts'), 'viacep'],
      {
        cwd: REPO_ROOT,
        env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', PORT: port },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    running.push(second);
    let err = '';
    second.stderr.setEncoding('utf8').on('data', (chunk: string) => (err += chunk));
    const code = await new Promise<number | null>((resolve) => second.once('exit', resolve));
    expect(code).toBe(1);
    expect(err).toContain(`Port ${port} is in use`);

    const exited = new Promise<number | null>((resolve) => first.child.once('exit', resolve));
    first.child.kill('SIGTERM');
    expect(await exited).toBe(0);
  });
}, 60_000);

describe('choosePort', () => {
  it('takes --port, then PORT, then the default', () => {
    expect(choosePort(['--port', '4100'], { PORT: '4200' }, 3998)).toBe(4100);
    expect(choosePort(['--port=4101'], {}, 3998)).toBe(4101);
    expect(choosePort([], { PORT: '4200' }, 3998)).toBe(4200);
    expect(choosePort([], {}, 3998)).toBe(3998);
    expect(() => choosePort(['--port', 'abc'], {}, 3998)).toThrow(/not a port number/);
  });
});
