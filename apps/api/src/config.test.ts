import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  CONFIG_VARIABLES,
  configEnvSchema,
  insecureAppUrlWarning,
  loadConfig,
  REPO_ROOT,
  trustProxyDescription,
} from './config.ts';

describe('loadConfig', () => {
  it('runs with no environment at all', () => {
    expect(loadConfig({})).toEqual({
      port: 3000,
      host: '0.0.0.0',
      nodeEnv: 'production',
      logLevel: 'info',
      dataDir: resolve(REPO_ROOT, 'data'),
      databaseUrl: undefined,
      databasePoolMax: 10,
      backupDir: resolve(REPO_ROOT, 'data/backups'),
      webDistDir: resolve(REPO_ROOT, 'apps/web/dist'),
      trustProxy: false,
      webConcurrency: 1,
      rateLimitMax: 600,
      pageRateLimitMax: 120,
      accountsPerIpHour: 10,
      seedDemoCatalog: true,
      jwtSecret: undefined,
      adminEmail: undefined,
      adminPassword: undefined,
      appUrl: 'http://localhost:3000',
      smtpUrl: undefined,
      mailFrom: 'Lumina Piercings <nao-responda@lumina.local>',
      contactEmail: undefined,
      mailTimeoutMs: 30_000,
      googleIssuerUrl: 'https://accounts.google.com',
      googleClientId: undefined,
      googleClientSecret: undefined,
      googleRedirectUrl: 'http://localhost:3000/api/auth/google/callback',
      shippingProvider: 'table',
      shippingTimeoutMs: 5000,
      shippingOriginCep: '01310100',
      correiosApiUrl: 'https://api.correios.com.br',
      correiosUser: undefined,
      correiosAccessCode: undefined,
      correiosPostingCard: undefined,
      melhorEnvioApiUrl: 'https://www.melhorenvio.com.br',
      melhorEnvioToken: undefined,
      melhorEnvioEmail: undefined,
      viacepBaseUrl: 'https://viacep.com.br/ws',
      viacepTimeoutMs: 3000,
      paymentProvider: 'pix',
      paymentsSandbox: true,
      pixKey: undefined,
      pixMerchantName: 'Lumina Piercings',
      pixMerchantCity: 'Sao Paulo',
      mercadoPagoApiUrl: 'https://api.mercadopago.com',
      mercadoPagoAccessToken: undefined,
      mercadoPagoWebhookSecret: undefined,
      mercadoPagoTimeoutMs: 10_000,
      pixReconcileIntervalSeconds: 60,
      reminderScanSeconds: 300,
      blingClientId: undefined,
      blingClientSecret: undefined,
      blingApiUrl: 'https://api.bling.com.br/Api/v3',
      blingAuthUrl: 'https://www.bling.com.br/Api/v3/oauth',
      blingTokenKey: undefined,
      blingTimeoutMs: 15_000,
      whatsapp: undefined,
      whatsappApiUrl: 'https://graph.facebook.com',
      whatsappApiVersion: 'v23.0',
      whatsappTimeoutMs: 10_000,
    });
  });

  it('takes the WhatsApp Cloud API only with both its token and its number id', () => {
    expect(
      loadConfig({
        WHATSAPP_ACCESS_TOKEN: 'EAAG-token',
        WHATSAPP_PHONE_NUMBER_ID: '106540352242922',
      }).whatsapp,
    ).toEqual({ accessToken: 'EAAG-token', phoneNumberId: '106540352242922' });
    expect(() => loadConfig({ WHATSAPP_ACCESS_TOKEN: 'EAAG-token' })).toThrow(
      /WHATSAPP_ACCESS_TOKEN and WHATSAPP_PHONE_NUMBER_ID go together/,
    );
    expect(() => loadConfig({ WHATSAPP_PHONE_NUMBER_ID: '+55 11 98765-4321' })).toThrow(
      /Invalid configuration: WHATSAPP_PHONE_NUMBER_ID/,
    );
  });

  it('runs payments in sandbox only when asked or when nothing real is configured', () => {
    expect(loadConfig({ PIX_KEY: ' Loja@Example.com ' })).toMatchObject({
      paymentsSandbox: false,
      pixKey: 'loja@example.com',
    });
    expect(() => loadConfig({ PAYMENTS_SANDBOX: 'false' })).toThrow(
      'Invalid configuration: PAYMENT_PROVIDER=pix needs PIX_KEY unless PAYMENTS_SANDBOX is on',
    );
    expect(() => loadConfig({ PIX_KEY: '123' })).toThrow(/Invalid configuration: PIX_KEY: /);
    expect(() => loadConfig({ PAYMENT_PROVIDER: 'mercadopago' })).toThrow(
      'PAYMENT_PROVIDER=mercadopago needs MERCADOPAGO_ACCESS_TOKEN, MERCADOPAGO_WEBHOOK_SECRET',
    );
    expect(
      loadConfig({
        PAYMENT_PROVIDER: 'mercadopago',
        MERCADOPAGO_ACCESS_TOKEN: 'APP_USR-1',
        MERCADOPAGO_WEBHOOK_SECRET: 'segredo',
      }),
    ).toMatchObject({ paymentsSandbox: false, paymentProvider: 'mercadopago' });
  });

  it('wants the credentials of the shipping carrier it is told to use', () => {
    expect(() => loadConfig({ SHIPPING_PROVIDER: 'correios', CORREIOS_USER: 'u' })).toThrow(
      'Invalid configuration: SHIPPING_PROVIDER=correios needs CORREIOS_ACCESS_CODE, CORREIOS_POSTING_CARD',
    );
    expect(() => loadConfig({ SHIPPING_PROVIDER: 'melhor_envio' })).toThrow(
      /SHIPPING_PROVIDER=melhor_envio needs MELHOR_ENVIO_TOKEN, MELHOR_ENVIO_EMAIL/,
    );
    expect(
      loadConfig({
        SHIPPING_PROVIDER: 'melhor_envio',
        MELHOR_ENVIO_TOKEN: 't',
        MELHOR_ENVIO_EMAIL: 'loja@example.com',
        SHIPPING_ORIGIN_CEP: '80010-000',
      }),
    ).toMatchObject({ shippingProvider: 'melhor_envio', shippingOriginCep: '80010000' });
  });

  it('derives the Google callback from APP_URL unless GOOGLE_REDIRECT_URL is set', () => {
    expect(
      loadConfig({ APP_URL: 'https://loja.example.com/', PIX_KEY: 'loja@example.com' }),
    ).toMatchObject({
      appUrl: 'https://loja.example.com',
      googleRedirectUrl: 'https://loja.example.com/api/auth/google/callback',
    });
    const own = 'https://api.example.com/api/auth/google/callback';
    expect(loadConfig({ GOOGLE_REDIRECT_URL: own }).googleRedirectUrl).toBe(own);
  });

  it('accepts a plain-http issuer on this machine only', () => {
    const local = 'http://127.0.0.1:8080';
    expect(loadConfig({ GOOGLE_ISSUER_URL: local }).googleIssuerUrl).toBe(local);
    expect(() => loadConfig({ GOOGLE_ISSUER_URL: 'http://accounts.example.com' })).toThrow(
      /Invalid configuration: GOOGLE_ISSUER_URL/,
    );
  });

  it('wants the Google client id and secret together', () => {
    expect(() => loadConfig({ GOOGLE_CLIENT_ID: 'id' })).toThrow(
      /GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET/,
    );
    expect(loadConfig({ GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 's' })).toMatchObject({
      googleClientId: 'id',
      googleClientSecret: 's',
    });
  });

  it('resolves relative folders against the repository root, keeps absolute ones', () => {
    const config = loadConfig({ DATA_DIR: 'tmp/data', WEB_DIST_DIR: '/srv/web' });
    expect(config.dataDir).toBe(resolve(REPO_ROOT, 'tmp/data'));
    expect(config.webDistDir).toBe('/srv/web');
    expect(config.backupDir).toBe(resolve(REPO_ROOT, 'tmp/data/backups'));
    expect(loadConfig({ BACKUP_DIR: 'copias' }).backupDir).toBe(resolve(REPO_ROOT, 'copias'));
    expect(loadConfig({ BACKUP_DIR: '/mnt/usb/loja' }).backupDir).toBe('/mnt/usb/loja');
  });

  it.each([
    ['false', false],
    ['0', false],
    ['2', 2],
    ['10.0.0.1, 10.0.0.2', ['10.0.0.1', '10.0.0.2']],
    ['127.0.0.1,10.0.0.0/8,fd00::/8', ['127.0.0.1', '10.0.0.0/8', 'fd00::/8']],
  ])('reads TRUST_PROXY=%s', (value, expected) => {
    expect(loadConfig({ TRUST_PROXY: value }).trustProxy).toEqual(expected);
  });

  it('treats an empty DATABASE_URL as unset', () => {
    expect(loadConfig({ DATABASE_URL: '' }).databaseUrl).toBeUndefined();
  });

  it('takes STORE_WHATSAPP as the 11 national digits, with or without +55 and the mask', () => {
    expect(loadConfig({}).storeWhatsapp).toBeUndefined();
    expect(loadConfig({ STORE_WHATSAPP: '+55 (11) 98765-4321' }).storeWhatsapp).toBe('11987654321');
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['LOG_LEVEL', 'loud'],
    ['NODE_ENV', 'staging'],
    ['DATABASE_URL', 'mysql://localhost/db'],
    ['RATE_LIMIT_MAX', '-1'],
    ['WEB_CONCURRENCY', '0'],
    ['ACCOUNTS_PER_IP_HOUR', '0'],
    ['SEED_DEMO_CATALOG', 'maybe'],
    ['JWT_SECRET', 'too-short'],
    ['APP_URL', 'localhost:3000'],
    ['APP_URL', 'ftp://example.com'],
    ['SMTP_URL', 'http://mail.example.com'],
    ['GOOGLE_REDIRECT_URL', 'not a url'],
    ['SHIPPING_PROVIDER', 'jadlog'],
    ['SHIPPING_ORIGIN_CEP', '0131010'],
    ['SHIPPING_ORIGIN_CEP', '00999000'],
    ['VIACEP_BASE_URL', 'viacep.com.br'],
    ['VIACEP_TIMEOUT_MS', '0'],
    ['SHIPPING_TIMEOUT_MS', 'abc'],
    ['CONTACT_EMAIL', 'contato@'],
    // A landline: WhatsApp numbers the shop shows must be mobiles.
    ['STORE_WHATSAPP', '(11) 3333-4444'],
  ])('fails loudly on %s=%s', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(
      new RegExp(`Invalid configuration: ${name}`),
    );
  });

  it('documents exactly the variables it reads', () => {
    expect(CONFIG_VARIABLES.map((v) => v.name).sort()).toEqual(
      Object.keys(configEnvSchema.shape).sort(),
    );
  });
});

describe.each(['../CONFIG.md', '../../../README.md'])('%s', (path) => {
  it('has a row with the default of every variable', () => {
    const doc = readFileSync(new URL(path, import.meta.url), 'utf8');
    const rows = new Map(
      [...doc.matchAll(/^\|\s*`(\w+)`\s*\|\s*`([^`]*)`\s*\|/gm)].map((m) => [m[1], m[2]]),
    );
    for (const variable of CONFIG_VARIABLES) {
      expect(rows.get(variable.name), variable.name).toBe(variable.default);
    }
  });
});

describe('test payments in a public shop', () => {
  it('refuses to start an https shop with the built-in PIX and no key, naming PIX_KEY', () => {
    expect(() => loadConfig({ APP_URL: 'https://loja.example.com' })).toThrow(/PIX_KEY/);
    expect(() => loadConfig({ APP_URL: 'https://loja.example.com' })).toThrow(
      /PAYMENTS_SANDBOX=true/,
    );
  });

  it('starts an https shop with a key (no sandbox) or as a deliberate test shop', () => {
    expect(
      loadConfig({ APP_URL: 'https://loja.example.com', PIX_KEY: 'loja@example.com' }),
    ).toMatchObject({ paymentsSandbox: false, pixKey: 'loja@example.com' });
    expect(
      loadConfig({ APP_URL: 'https://teste.example.com', PAYMENTS_SANDBOX: 'true' }),
    ).toMatchObject({ paymentsSandbox: true });
  });

  it('does not let an explicit PAYMENTS_SANDBOX=false or an upper-case scheme slip through', () => {
    expect(() =>
      loadConfig({ APP_URL: 'https://loja.example.com', PAYMENTS_SANDBOX: 'false' }),
    ).toThrow(/PIX_KEY/);
    expect(() => loadConfig({ APP_URL: 'HTTPS://Loja.example.com/' })).toThrow(
      /public \(https\) shop.*PIX_KEY/,
    );
    expect(
      loadConfig({ APP_URL: 'HTTPS://loja.example.com', PIX_KEY: 'loja@example.com' }),
    ).toMatchObject({
      appUrl: 'https://loja.example.com',
      paymentsSandbox: false,
    });
  });

  it('leaves a MercadoPago shop on https out of the sandbox', () => {
    expect(
      loadConfig({
        APP_URL: 'https://loja.example.com',
        PAYMENT_PROVIDER: 'mercadopago',
        MERCADOPAGO_ACCESS_TOKEN: 'token',
        MERCADOPAGO_WEBHOOK_SECRET: 'secret',
      }).paymentsSandbox,
    ).toBe(false);
  });

  it('keeps the zero-configuration sandbox on a local http address', () => {
    expect(loadConfig({ APP_URL: 'http://localhost:3000' }).paymentsSandbox).toBe(true);
    expect(loadConfig({}).paymentsSandbox).toBe(true);
  });
});

describe('a production shop on plain http', () => {
  const warning = (env: Record<string, string>) =>
    insecureAppUrlWarning(
      loadConfig({ NODE_ENV: 'production', PIX_KEY: 'loja@example.com', ...env }),
    );

  it('is warned about loudly, with the https address to use', () => {
    expect(warning({ APP_URL: 'http://loja.example.com' })).toContain(
      'set APP_URL=https://loja.example.com',
    );
  });

  it('is fine on https, on this machine, or outside production', () => {
    expect(warning({ APP_URL: 'https://loja.example.com' })).toBeUndefined();
    expect(warning({ APP_URL: 'http://localhost:3000' })).toBeUndefined();
    expect(warning({ APP_URL: 'http://127.0.0.1:3000' })).toBeUndefined();
    expect(
      insecureAppUrlWarning(
        loadConfig({
          NODE_ENV: 'development',
          APP_URL: 'http://loja.example.com',
          PAYMENTS_SANDBOX: 'true',
        }),
      ),
    ).toBeUndefined();
  });
});

describe('TRUST_PROXY', () => {
  it('refuses true, saying why and what to set instead', () => {
    for (const value of ['true', 'TRUE']) {
      const start = () => loadConfig({ TRUST_PROXY: value });
      expect(start).toThrow(/Invalid configuration: TRUST_PROXY: true would trust every address/);
      expect(start).toThrow(/any client could choose its own IP/);
      expect(start).toThrow(/TRUST_PROXY=1 for one reverse proxy/);
    }
  });

  it.each(['yes', 'proxy.example.com', '10.0.0.0/33', '::1/129', '10.0.0.1/8/2', '1.2.3'])(
    'refuses %s, which is neither a hop count nor an address or CIDR',
    (value) => {
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(
        /Invalid configuration: TRUST_PROXY: .*not a hop count, an IP address or a CIDR/,
      );
    },
  );

  it('describes at start what it trusts', () => {
    expect(trustProxyDescription(false)).toMatch(/X-Forwarded-For is ignored/);
    expect(trustProxyDescription(1)).toBe(
      'TRUST_PROXY=1: 1 proxy hop(s) trusted; a client address is the entry 1 from the end of X-Forwarded-For',
    );
    expect(trustProxyDescription(['127.0.0.1', '10.0.0.0/8'])).toBe(
      'TRUST_PROXY: X-Forwarded-For is read only from connections from 127.0.0.1, 10.0.0.0/8',
    );
  });
});

describe('test payments on an address that is not this machine', () => {
  it.each([
    'http://loja.example.com',
    'http://203.0.113.10:3000',
    'http://[2001:4860::1]',
    'http://10.0.0.5:3000',
    'http://localhost.example.com',
  ])('refuses to start %s without a payment set-up, naming the three ways', (appUrl) => {
    const start = () => loadConfig({ APP_URL: appUrl });
    expect(start).toThrow(/PIX_KEY/);
    expect(start).toThrow(/PAYMENT_PROVIDER=mercadopago/);
    expect(start).toThrow(/PAYMENTS_SANDBOX=true/);
  });

  it('names the same three ways for an https shop', () => {
    const start = () => loadConfig({ APP_URL: 'https://loja.example.com' });
    expect(start).toThrow(/PAYMENT_PROVIDER=mercadopago/);
  });

  it.each([
    'http://localhost:3000',
    'http://LOCALHOST',
    'http://127.0.0.1:3000',
    'http://127.1.2.3',
    'http://[::1]:3000',
  ])('keeps the zero-configuration sandbox on %s, this machine', (appUrl) => {
    expect(loadConfig({ APP_URL: appUrl }).paymentsSandbox).toBe(true);
  });

  it('starts a shop elsewhere with a real set-up, or as a deliberate test shop', () => {
    const appUrl = 'http://loja.example.com';
    expect(loadConfig({ APP_URL: appUrl, PIX_KEY: 'loja@example.com' })).toMatchObject({
      paymentsSandbox: false,
    });
    expect(loadConfig({ APP_URL: appUrl, PAYMENTS_SANDBOX: 'true' }).paymentsSandbox).toBe(true);
    expect(
      loadConfig({
        APP_URL: appUrl,
        PAYMENT_PROVIDER: 'mercadopago',
        MERCADOPAGO_ACCESS_TOKEN: 'token',
        MERCADOPAGO_WEBHOOK_SECRET: 'secret',
      }).paymentsSandbox,
    ).toBe(false);
  });
});

describe('PAYMENT_PROVIDER=pix-bank', () => {
  const here = new URL(import.meta.url).pathname;
  const bank = {
    PAYMENT_PROVIDER: 'pix-bank',
    PIX_KEY: 'financeiro@lumina.example',
    PIX_BANK_BASE_URL: 'https://pix.banco.example/api/v2/',
    PIX_BANK_CLIENT_ID: 'cliente',
    PIX_BANK_CLIENT_SECRET: 'segredo',
    PIX_BANK_WEBHOOK_SECRET: 'a'.repeat(32),
    PIX_BANK_CERT: here,
    PIX_BANK_KEY: here,
  };

  it('reads the bank settings, the token URL under the base by default', () => {
    expect(loadConfig(bank).pixBank).toEqual({
      baseUrl: 'https://pix.banco.example/api/v2',
      tokenUrl: 'https://pix.banco.example/api/v2/oauth/token',
      clientId: 'cliente',
      clientSecret: 'segredo',
      certificate: { cert: here, key: here },
      ca: undefined,
      webhookSecret: 'a'.repeat(32),
      timeoutMs: 10_000,
    });
    expect(loadConfig(bank).paymentsSandbox).toBe(false);
    expect(
      loadConfig({ ...bank, PIX_BANK_CERT: '', PIX_BANK_KEY: '', PIX_BANK_PFX: here }).pixBank
        ?.certificate,
    ).toEqual({ pfx: here, passphrase: undefined });
  });

  it('names what is missing or wrong', () => {
    expect(() => loadConfig({ ...bank, PIX_KEY: '', PIX_BANK_CLIENT_SECRET: '' })).toThrow(
      /pix-bank needs PIX_BANK_CLIENT_SECRET, PIX_KEY/,
    );
    expect(() => loadConfig({ ...bank, PIX_BANK_WEBHOOK_SECRET: 'curto' })).toThrow(
      /PIX_BANK_WEBHOOK_SECRET: must have at least 32/,
    );
    expect(() => loadConfig({ ...bank, PIX_BANK_BASE_URL: 'http://pix.banco.example' })).toThrow(
      /PIX_BANK_BASE_URL: must be an https/,
    );
    expect(() => loadConfig({ ...bank, PIX_BANK_KEY: '' })).toThrow(
      /PIX_BANK_CERT and PIX_BANK_KEY together/,
    );
    expect(() => loadConfig({ ...bank, PIX_BANK_PFX: here })).toThrow(/mutual TLS.*not both/);
    expect(() => loadConfig({ ...bank, PIX_BANK_CA: '/nao/existe.pem' })).toThrow(
      /cannot read PIX_BANK_CA=\/nao\/existe\.pem/,
    );
  });

  it('leaves the built-in PIX the default without them', () => {
    expect(loadConfig({}).pixBank).toBeUndefined();
  });
});

describe('CARD_PAYMENTS', () => {
  const mercadoPago = {
    MERCADOPAGO_ACCESS_TOKEN: 'APP_USR-token',
    MERCADOPAGO_WEBHOOK_SECRET: 'segredo',
    MERCADOPAGO_PUBLIC_KEY: 'APP_USR-public',
  };

  it('is off by default, and with MercadoPago PIX but no public key', () => {
    expect(loadConfig({}).cardPayments).toBeUndefined();
    const { MERCADOPAGO_PUBLIC_KEY: _, ...noPublicKey } = mercadoPago;
    expect(
      loadConfig({ PAYMENT_PROVIDER: 'mercadopago', ...noPublicKey }).cardPayments,
    ).toBeUndefined();
  });

  it('follows MercadoPago PIX when the public key is set, and can sit beside the built-in PIX', () => {
    const expected = {
      provider: 'mercadopago',
      publicKey: 'APP_USR-public',
      sdkUrl: 'https://sdk.mercadopago.com/js/v2',
    };
    expect(loadConfig({ PAYMENT_PROVIDER: 'mercadopago', ...mercadoPago }).cardPayments).toEqual(
      expected,
    );
    expect(loadConfig({ CARD_PAYMENTS: 'mercadopago', ...mercadoPago }).cardPayments).toEqual(
      expected,
    );
    expect(
      loadConfig({ PAYMENT_PROVIDER: 'mercadopago', CARD_PAYMENTS: 'off', ...mercadoPago })
        .cardPayments,
    ).toBeUndefined();
  });

  it('names what is missing', () => {
    expect(() =>
      loadConfig({ CARD_PAYMENTS: 'mercadopago', MERCADOPAGO_ACCESS_TOKEN: 'token' }),
    ).toThrow(
      'Invalid configuration: CARD_PAYMENTS=mercadopago needs MERCADOPAGO_WEBHOOK_SECRET, MERCADOPAGO_PUBLIC_KEY',
    );
  });
});
