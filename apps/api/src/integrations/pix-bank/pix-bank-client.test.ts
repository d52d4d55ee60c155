import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { parsePixBrCode } from '../pix/parse-br-code.ts';
import { type FakePixBankServer, startFakePixBank } from './fake-pix-bank-server.ts';
import { createPixBankClient, type PixBankClient, PixBankError } from './pix-bank-client.ts';
import { createTestPki, type TestPki } from './test-pki.ts';

const CHAVE = 'financeiro@lumina.example';
const TXID = 'LuminaTxid0123456789abcdefAB';

let pki: TestPki;
let fake: FakePixBankServer;
let client: PixBankClient;

function clientWith(certificate: Parameters<typeof createPixBankClient>[0]['certificate']) {
  return createPixBankClient({
    baseUrl: fake.baseUrl,
    tokenUrl: fake.tokenUrl,
    clientId: fake.clientId,
    clientSecret: fake.clientSecret,
    certificate,
    timeoutMs: 5000,
  });
}

beforeAll(async () => {
  pki = createTestPki();
  fake = await startFakePixBank({
    tls: {
      cert: pki.read(pki.serverCert),
      key: pki.read(pki.serverKey),
      ca: pki.read(pki.caCert),
    },
  });
  client = clientWith({
    cert: pki.read(pki.clientCert),
    key: pki.read(pki.clientKey),
    ca: pki.read(pki.caCert),
  });
});

afterAll(async () => {
  client?.close();
  await fake?.close();
  pki?.remove();
});

beforeEach(() => fake.reset());

/** Everything an error may show, to look for secrets in. */
function exposed(error: unknown): string {
  return `${String(error)} ${JSON.stringify(error)} ${(error as Error).stack ?? ''}`;
}

describe('API Pix client over mTLS', () => {
  it('creates a cob with the txid, the amount as text, the expiry and the payer, and reads it back', async () => {
    const cob = await client.createCob({
      txid: TXID,
      amountCents: 12345,
      expiresInSeconds: 1800,
      chave: CHAVE,
      devedor: { cpf: '12345678909', nome: 'Ana Souza' },
      solicitacaoPagador: 'Pedido LP000123',
    });
    expect(cob).toMatchObject({ txid: TXID, status: 'ATIVA', valor: { original: '123.45' } });
    expect(fake.requests.find((r) => r.method === 'PUT')?.body).toEqual({
      calendario: { expiracao: 1800 },
      devedor: { cpf: '12345678909', nome: 'Ana Souza' },
      valor: { original: '123.45' },
      chave: CHAVE,
      solicitacaoPagador: 'Pedido LP000123',
    });
    expect(parsePixBrCode(cob.pixCopiaECola ?? '')).toMatchObject({
      crcValid: true,
      fields: { '54': '123.45' },
    });
    expect((await client.getCob(TXID)).status).toBe('ATIVA');
    // A retry of the same charge (its first answer lost) finds it instead of failing.
    expect(
      (
        await client.createCob({
          txid: TXID,
          amountCents: 12345,
          expiresInSeconds: 1800,
          chave: CHAVE,
        })
      ).txid,
    ).toBe(TXID);
    expect(fake.requests.every((r) => r.authorizedClient)).toBe(true);
  });

  it('asks for one token and keeps it until it expires or the bank refuses it', async () => {
    await client.createCob({ txid: TXID, amountCents: 100, expiresInSeconds: 1800, chave: CHAVE });
    const issued = fake.tokensIssued;
    await Promise.all([client.getCob(TXID), client.getCob(TXID)]);
    expect(fake.tokensIssued).toBe(issued);
    fake.revokeTokens();
    await client.getCob(TXID);
    expect(fake.tokensIssued).toBe(issued + 1);
    const token = fake.requests.find((r) => r.path === '/oauth/token');
    expect(token?.body).toBe(
      'grant_type=client_credentials&scope=cob.write+cob.read+pix.read+pix.write+webhook.write+webhook.read',
    );
  });

  it('works with a PKCS#12 certificate and its passphrase', async () => {
    const pfxClient = clientWith({
      pfx: pki.read(pki.clientPfx),
      passphrase: pki.pfxPassphrase,
      ca: pki.read(pki.caCert),
    });
    try {
      await pfxClient.createCob({
        txid: TXID,
        amountCents: 990,
        expiresInSeconds: 1800,
        chave: CHAVE,
      });
      expect((await pfxClient.getCob(TXID)).valor.original).toBe('9.90');
    } finally {
      pfxClient.close();
    }
  });

  it('cannot connect without a client certificate (mTLS), and says so in Portuguese', async () => {
    const anonymous = clientWith({ cert: '', key: '', ca: pki.read(pki.caCert) });
    try {
      const error = await anonymous.getCob(TXID).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(PixBankError);
      expect((error as PixBankError).message).toMatch(/não foi possível conectar|certificado/);
    } finally {
      anonymous.close();
    }
  });

  it('refuses wrong credentials with a typed failure that shows no secret', async () => {
    const wrong = createPixBankClient({
      baseUrl: fake.baseUrl,
      tokenUrl: fake.tokenUrl,
      clientId: fake.clientId,
      clientSecret: 'segredo-errado-que-nao-pode-vazar',
      certificate: {
        cert: pki.read(pki.clientCert),
        key: pki.read(pki.clientKey),
        ca: pki.read(pki.caCert),
      },
      timeoutMs: 5000,
    });
    try {
      const error = await wrong.getCob(TXID).catch((e: unknown) => e);
      expect(error).toMatchObject({ failure: 'unauthorized', retryable: false });
      expect((error as Error).message).toMatch(/recusou as credenciais/);
      const text = exposed(error);
      expect(text).not.toContain('segredo-errado-que-nao-pode-vazar');
      expect(text).not.toContain(pki.read(pki.clientKey).toString().slice(40, 80));
    } finally {
      wrong.close();
    }
  });

  it('reports a missing cob and an unavailable bank as typed failures', async () => {
    await expect(client.getCob('NaoExiste0123456789abcdefgh')).rejects.toMatchObject({
      failure: 'not_found',
    });
    fake.failNext(1);
    await expect(client.getCob(TXID)).rejects.toMatchObject({
      failure: 'unavailable',
      retryable: true,
    });
  });

  it('removes an open cob, and a paid one stays paid', async () => {
    await client.createCob({ txid: TXID, amountCents: 500, expiresInSeconds: 1800, chave: CHAVE });
    expect((await client.removeCob(TXID)).status).toBe('REMOVIDA_PELO_USUARIO_RECEBEDOR');
    const paid = 'Pago0123456789abcdefghijklmn';
    await client.createCob({ txid: paid, amountCents: 500, expiresInSeconds: 1800, chave: CHAVE });
    await fake.pay(paid, { webhook: 'lost' });
    expect((await client.removeCob(paid)).status).toBe('CONCLUIDA');
  });

  it('registers the webhook, lists the PIX received and refunds one once per id', async () => {
    await client.registerWebhook(CHAVE, 'https://loja.test/api/webhooks/pix/segredo');
    expect(fake.webhooks.get(CHAVE)).toBe('https://loja.test/api/webhooks/pix/segredo');
    await client.createCob({ txid: TXID, amountCents: 8990, expiresInSeconds: 1800, chave: CHAVE });
    const { endToEndId } = await fake.pay(TXID, { webhook: 'lost' });
    const received = await client.listPix(
      new Date(Date.now() - 60_000),
      new Date(Date.now() + 60_000),
    );
    expect(received).toMatchObject([{ endToEndId, txid: TXID, valor: '89.90' }]);

    const first = await client.refund(endToEndId, 'luminarefund1', 8990);
    expect(first).toMatchObject({ id: 'luminarefund1', valor: '89.90', status: 'DEVOLVIDO' });
    expect(await client.refund(endToEndId, 'luminarefund1', 8990)).toEqual(first);
    expect((await client.getCob(TXID)).pix?.[0]?.devolucoes).toHaveLength(1);
  });

  it('refuses an answer outside the API Pix schema', async () => {
    await client.createCob({ txid: TXID, amountCents: 100, expiresInSeconds: 1800, chave: CHAVE });
    const cob = fake.cobs.get(TXID);
    if (cob) cob.valor.original = '1,00';
    await expect(client.getCob(TXID)).rejects.toMatchObject({ failure: 'invalid_answer' });
  });
});
