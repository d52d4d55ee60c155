import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ProviderError } from '../../modules/fulfilment/ports.ts';
import {
  type BlingClientOptions,
  createBlingClient,
  createBlingOauth,
  type BlingTokenSource,
} from './bling-client.ts';
import {
  FAKE_BLING_NFE_ISSUER,
  type FakeBlingServer,
  startFakeBlingServer,
} from './fake-bling-server.ts';
import { createBlingInvoiceProvider, invoiceStateOf } from './invoice-provider.ts';
import { isValidNfeAccessKey } from './nfe-access-key.ts';

let fake: FakeBlingServer;

beforeAll(async () => {
  fake = await startFakeBlingServer();
});

afterAll(async () => {
  await fake?.close();
});

beforeEach(() => {
  fake.reset();
  // These clients have no limiter; the limit itself is the client's tests' business.
  fake.perSecond = 1_000;
});

/** Holds the pair in memory and refreshes it when Bling refuses the access token. */
function memoryTokens(): BlingTokenSource {
  const first = fake.issueTokens();
  const pair = { access: first.access_token, refresh: first.refresh_token };
  const oauth = createBlingOauth({
    authUrl: fake.authUrl,
    clientId: fake.clientId,
    clientSecret: fake.clientSecret,
    timeoutMs: 2_000,
  });
  return {
    current: () => Promise.resolve(pair.access),
    async renew() {
      const renewed = await oauth.refresh(pair.refresh);
      pair.access = renewed.access_token;
      pair.refresh = renewed.refresh_token;
      return pair.access;
    },
  };
}

function client(overrides: Partial<BlingClientOptions> = {}) {
  return createBlingClient({
    apiUrl: fake.apiUrl,
    timeoutMs: 2_000,
    limiter: { take: async () => {} },
    tokens: memoryTokens(),
    ...overrides,
  });
}

function provider(overrides: Partial<BlingClientOptions> = {}) {
  const api = client(overrides);
  return createBlingInvoiceProvider(() => api);
}

/** A sales order in the fake, sent the way the ERP module sends one. */
async function salesOrder(numeroLoja = 'LP000123'): Promise<string> {
  const contact = fake.addContact({ nome: 'Ana Souza', numeroDocumento: '52998224725' });
  const created = await client().createSalesOrder({
    data: '2026-03-10',
    contato: { id: contact.id },
    itens: [{ codigo: 'ARG-1', descricao: 'Argola 6mm', quantidade: 2, valor: 59.9 }],
    numeroLoja,
  });
  return String(created.id);
}

async function failure(promise: Promise<unknown>): Promise<ProviderError> {
  const error = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ProviderError);
  return error as ProviderError;
}

/** Brasília's AAMM now: the key's issue month. */
function yearMonthNow(): string {
  const brasilia = new Date(Date.now() - 3 * 3_600_000);
  return `${String(brasilia.getUTCFullYear() % 100).padStart(2, '0')}${String(brasilia.getUTCMonth() + 1).padStart(2, '0')}`;
}

describe('Bling invoice provider', () => {
  it('generates, sends and reads an authorised NF-e with a valid key, DANFE and XML', async () => {
    const invoices = provider();
    const orderId = await salesOrder();
    const { providerInvoiceId } = await invoices.generateFromSalesOrder(orderId);

    await expect(invoices.get(providerInvoiceId)).resolves.toEqual({
      providerInvoiceId,
      state: 'pending',
      number: '000001',
      series: '1',
      accessKey: null,
      danfeUrl: null,
      xmlUrl: null,
      reason: null,
    });

    await invoices.send(providerInvoiceId);
    const invoice = await invoices.get(providerInvoiceId);
    expect(invoice).toMatchObject({ state: 'authorised', number: '000001', series: '1' });
    const key = invoice.accessKey ?? '';
    expect(isValidNfeAccessKey(key)).toBe(true);
    expect(key.slice(0, 2)).toBe('35');
    expect(key.slice(2, 6)).toBe(yearMonthNow());
    expect(key.slice(6, 20)).toBe(FAKE_BLING_NFE_ISSUER.cnpj);
    expect(key.slice(20, 22)).toBe('55');
    expect(key.slice(22, 25)).toBe('001');
    expect(key.slice(25, 34)).toBe('000000001');
    expect(key[34]).toBe('1');

    const danfe = await fetch(invoice.danfeUrl ?? '');
    expect(danfe.headers.get('content-type')).toBe('application/pdf');
    const pdf = Buffer.from(await danfe.arrayBuffer()).toString('latin1');
    expect(pdf.startsWith('%PDF-1.4')).toBe(true);
    expect(pdf.trimEnd().endsWith('%%EOF')).toBe(true);
    expect(pdf).toContain(key);

    const xml = await fetch(invoice.xmlUrl ?? '');
    expect(xml.headers.get('content-type')).toBe('application/xml');
    const text = await xml.text();
    expect(text).toContain(`<chNFe>${key}</chNFe>`);
    expect(text).toContain('<cStat>100</cStat>');

    expect(fake.requests.map((r) => `${r.method} ${r.path}`)).toContain(
      `POST /Api/v3/nfe/${providerInvoiceId}/enviar`,
    );
  });

  it("refuses a rejected send with SEFAZ's words; the NF-e reads rejected and can go again", async () => {
    const invoices = provider();
    const { providerInvoiceId } = await invoices.generateFromSalesOrder(await salesOrder());
    fake.nfeOutcome = 'reject';

    const refused = await failure(invoices.send(providerInvoiceId));
    expect(refused.kind).toBe('refused');
    expect(refused.message).toContain('Rejeição 225: Falha no Schema XML do lote de NFe');
    expect(refused.message).not.toContain('/nfe/');
    await expect(invoices.get(providerInvoiceId)).resolves.toMatchObject({
      state: 'rejected',
      accessKey: null,
    });

    fake.nfeOutcome = 'authorise';
    await invoices.send(providerInvoiceId);
    await expect(invoices.get(providerInvoiceId)).resolves.toMatchObject({ state: 'authorised' });
  });

  it('reads processing while SEFAZ has not answered, then authorised', async () => {
    const invoices = provider();
    const { providerInvoiceId } = await invoices.generateFromSalesOrder(await salesOrder());
    fake.nfeOutcome = 'processing';
    fake.processingReads = 2;
    await invoices.send(providerInvoiceId);

    const first = await invoices.get(providerInvoiceId);
    const second = await invoices.get(providerInvoiceId);
    expect([first.state, second.state]).toEqual(['processing', 'processing']);
    expect(first.accessKey).toBeNull();
    const third = await invoices.get(providerInvoiceId);
    expect(third.state).toBe('authorised');
    expect(isValidNfeAccessKey(third.accessKey ?? '')).toBe(true);
  });

  it("answers 'unavailable' on a 5xx, with the answer heard and nothing generated", async () => {
    const invoices = provider();
    const orderId = await salesOrder();
    fake.failNext(1, 500);
    const down = await failure(invoices.generateFromSalesOrder(orderId));
    expect(down).toMatchObject({
      kind: 'unavailable',
      answered: true,
      message: 'O Bling não respondeu. Tente de novo em alguns minutos.',
    });
    expect(fake.nfes.size).toBe(0);
  });

  it("answers 'unavailable' unanswered on a dropped answer; the repeat finds the same NF-e", async () => {
    const invoices = provider({ timeoutMs: 300 });
    const orderId = await salesOrder();
    fake.failNext(1, 'timeout');
    const lost = await failure(invoices.generateFromSalesOrder(orderId));
    expect(lost).toMatchObject({ kind: 'unavailable', answered: false });
    expect(fake.nfes.size).toBe(1);
    const [stored] = [...fake.nfes.values()];

    await expect(invoices.generateFromSalesOrder(orderId)).resolves.toEqual({
      providerInvoiceId: String(stored?.id),
    });
    expect(fake.nfes.size).toBe(1);
  });

  it('finds the NF-e through the sales order when Bling refuses a second one', async () => {
    const invoices = provider();
    const orderId = await salesOrder();
    const first = await invoices.generateFromSalesOrder(orderId);
    fake.nfeRepeat = 'error';
    await expect(invoices.generateFromSalesOrder(orderId)).resolves.toEqual(first);
    expect(fake.requests.at(-1)).toMatchObject({
      method: 'GET',
      path: `/Api/v3/pedidos/vendas/${orderId}`,
    });
    expect(fake.nfes.size).toBe(1);
  });

  it("answers 'auth' when Bling refuses the shop's access", async () => {
    const invoices = provider();
    const orderId = await salesOrder();
    fake.revokeAll();
    const refused = await failure(invoices.generateFromSalesOrder(orderId));
    expect(refused.kind).toBe('auth');
    expect(refused.message).toContain('Conecte o Bling de novo');
  });

  it("answers 'refused' with Bling's own words, for the fiscal setup or an unknown order", async () => {
    const invoices = provider();
    const orderId = await salesOrder();
    fake.nfeRefusal = 'Informe a natureza de operação padrão para emissão de notas fiscais';
    const setup = await failure(invoices.generateFromSalesOrder(orderId));
    expect(setup.kind).toBe('refused');
    expect(setup.message).toBe(
      'Não foi possível gerar a nota fiscal: Informe a natureza de operação padrão para emissão de notas fiscais',
    );
    expect(fake.nfes.size).toBe(0);

    fake.nfeRefusal = null;
    const unknown = await failure(invoices.generateFromSalesOrder('18999999999'));
    expect(unknown.kind).toBe('refused');
    expect(unknown.message).toContain('Recurso não encontrado');
  });

  it("answers 'shape' for an answer it cannot read, and never asks Bling with a bad id", async () => {
    const invoices = provider();
    fake.respondNextWith(200, { data: { id: 1, situacao: 'autorizada' } });
    await expect(failure(invoices.get('1'))).resolves.toMatchObject({ kind: 'shape' });

    const before = fake.requests.length;
    await expect(failure(invoices.get('1/../../produtos'))).resolves.toMatchObject({
      kind: 'refused',
    });
    expect(fake.requests).toHaveLength(before);
  });

  it('reads a cancellation made in Bling, and leaves cancelling to Bling', async () => {
    const invoices = provider();
    const orderId = await salesOrder();
    const { providerInvoiceId } = await invoices.generateFromSalesOrder(orderId);
    await invoices.send(providerInvoiceId);

    // Bling's API has no call that cancels an NF-e: the adapter offers none.
    expect(invoices.cancel).toBeUndefined();

    fake.cancelNfe(Number(providerInvoiceId));
    await expect(invoices.get(providerInvoiceId)).resolves.toMatchObject({ state: 'cancelled' });
    // A cancelled NF-e leaves the order free for a new one.
    const again = await invoices.generateFromSalesOrder(orderId);
    expect(again.providerInvoiceId).not.toBe(providerInvoiceId);
  });

  it("maps every situacao of Bling's list, and an unknown one to processing", () => {
    const states = Array.from({ length: 12 }, (_, index) => invoiceStateOf(index + 1));
    expect(states).toEqual([
      'pending',
      'cancelled',
      'processing',
      'rejected',
      'authorised',
      'authorised',
      'authorised',
      'processing',
      'denied',
      'processing',
      'rejected',
      'processing',
    ]);
  });
});

describe('Bling client NF-e calls', () => {
  it('reads numbers sent as strings, empty texts as null, and linkPDF when there is no DANFE page', async () => {
    const invoices = provider();
    fake.respondNextWith(200, {
      data: {
        id: '20000000009',
        situacao: '9',
        numero: 42,
        serie: '2',
        chaveAcesso: '',
        linkDanfe: '',
        linkPDF: 'https://bling.example/danfe.pdf',
        xml: '<nfeProc/>',
      },
    });
    await expect(invoices.get('20000000009')).resolves.toEqual({
      providerInvoiceId: '20000000009',
      state: 'denied',
      number: '42',
      series: '2',
      accessKey: null,
      danfeUrl: 'https://bling.example/danfe.pdf',
      xmlUrl: null,
      reason: null,
    });
  });

  it("reads the generated id in the reference's bare shape and in Bling's data envelope", async () => {
    const api = client();
    fake.respondNextWith(201, { idNotaFiscal: 12345678 });
    await expect(api.generateNfeFromSalesOrder(1)).resolves.toBe(12345678);
    fake.respondNextWith(201, { data: { idNotaFiscal: '87654321' } });
    await expect(api.generateNfeFromSalesOrder(1)).resolves.toBe(87654321);
    fake.respondNextWith(201, { data: {} });
    await expect(api.generateNfeFromSalesOrder(1)).rejects.toThrow('Resposta inesperada do Bling');
  });

  it("keeps Bling's field messages in the refusal's detail", async () => {
    const api = client();
    fake.respondNextWith(400, {
      error: {
        type: 'VALIDATION_ERROR',
        message: 'Não foi possível emitir a nota fiscal',
        description: 'A nota possui erros de validação',
        fields: [
          { code: 1, msg: 'É necessário informar o NCM em todos os itens da nota' },
          { code: 2, msg: 'É necessário informar o NCM em todos os itens da nota' },
          'not a field',
        ],
      },
    });
    await expect(api.sendNfe(1)).rejects.toMatchObject({
      status: 400,
      detail:
        'Não foi possível emitir a nota fiscal: A nota possui erros de validação: É necessário informar o NCM em todos os itens da nota',
    });
  });
});
