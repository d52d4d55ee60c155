import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  BlingAuthError,
  type BlingClientOptions,
  BlingRequestError,
  BlingShapeError,
  type BlingTokenSource,
  BlingUnavailableError,
  createBlingClient,
  createBlingOauth,
} from './bling-client.ts';
import { blingListedProduct } from './bling-schemas.ts';
import { type FakeBlingServer, startFakeBlingServer } from './fake-bling-server.ts';

let fake: FakeBlingServer;

beforeAll(async () => {
  fake = await startFakeBlingServer();
});

afterAll(async () => {
  await fake?.close();
});

beforeEach(() => {
  fake.reset();
  // The clients here have no limiter: only the rate-limit tests bring the limit back to 3.
  fake.perSecond = 1_000;
});

function oauth() {
  return createBlingOauth({
    authUrl: fake.authUrl,
    clientId: fake.clientId,
    clientSecret: fake.clientSecret,
    timeoutMs: 2_000,
  });
}

/** Holds the pair in memory and refreshes it when Bling refuses the access token. */
function memoryTokens(first: { access_token: string; refresh_token: string }) {
  const pair = { access: first.access_token, refresh: first.refresh_token };
  const source: BlingTokenSource = {
    current: () => Promise.resolve(pair.access),
    async renew() {
      const renewed = await oauth().refresh(pair.refresh);
      pair.access = renewed.access_token;
      pair.refresh = renewed.refresh_token;
      return pair.access;
    },
  };
  return { source, pair };
}

function client(overrides: Partial<BlingClientOptions> = {}) {
  return createBlingClient({
    apiUrl: fake.apiUrl,
    timeoutMs: 2_000,
    limiter: { take: async () => {} },
    ...overrides,
    tokens: overrides.tokens ?? memoryTokens(fake.issueTokens()).source,
  });
}

function rawGet(path: string, token: string | null): Promise<Response> {
  return fetch(`${fake.apiUrl}${path}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
}

describe('OAuth', () => {
  it('redirects with a code and the state, and exchanges the code once', async () => {
    fake.setRedirectUri('https://loja.example.com/admin/bling/callback');
    const response = await fetch(oauth().authorizeUrl('state-123'), { redirect: 'manual' });
    expect(response.status).toBe(302);
    const location = new URL(response.headers.get('location') ?? '');
    expect(location.origin + location.pathname).toBe(
      'https://loja.example.com/admin/bling/callback',
    );
    expect(location.searchParams.get('state')).toBe('state-123');
    const code = location.searchParams.get('code') ?? '';

    const tokens = await oauth().exchangeCode(code);
    expect(tokens).toMatchObject({ expires_in: 21_600, token_type: 'Bearer' });
    expect(tokens.access_token).not.toBe(tokens.refresh_token);
    await expect(oauth().exchangeCode(code)).rejects.toBeInstanceOf(BlingAuthError);

    // The exchanged token opens the API.
    const api = client({ tokens: memoryTokens(tokens).source });
    await expect(api.listProducts(1)).resolves.toEqual([]);
  });

  it('refuses an unknown client_id at authorize and wrong credentials at token', async () => {
    fake.setRedirectUri('https://loja.example.com/callback');
    const wrong = await fetch(
      `${fake.authUrl}/authorize?response_type=code&client_id=other&state=s`,
      { redirect: 'manual' },
    );
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({ error: { type: 'invalid_client' } });

    const intruder = createBlingOauth({
      authUrl: fake.authUrl,
      clientId: fake.clientId,
      clientSecret: 'wrong-secret',
      timeoutMs: 2_000,
    });
    await expect(intruder.exchangeCode(fake.issueCode())).rejects.toBeInstanceOf(BlingAuthError);
    expect(fake.requests.at(-1)?.path).toBe('/Api/v3/oauth/token');
  });

  it('rotates refresh tokens: the used one is refused afterwards', async () => {
    const first = await oauth().exchangeCode(fake.issueCode());
    const second = await oauth().refresh(first.refresh_token);
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect(fake.tokenRefreshes).toBe(1);

    await expect(oauth().refresh(first.refresh_token)).rejects.toThrow('Invalid refresh token');
    const refused = await fetch(`${fake.authUrl}/token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${fake.clientId}:${fake.clientSecret}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({
        grant_type: 'refresh_token',
        refresh_token: first.refresh_token,
      }).toString(),
    });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({
      error: {
        type: 'invalid_grant',
        message: 'invalid_grant',
        description: 'Invalid refresh token',
      },
    });
    await expect(oauth().refresh(second.refresh_token)).resolves.toHaveProperty('access_token');
    expect(fake.tokenRefreshes).toBe(2);
  });

  it('answers 401 invalid_token without a live token, and the client renews once', async () => {
    const noToken = await rawGet('/produtos', null);
    expect(noToken.status).toBe(401);
    expect(await noToken.json()).toMatchObject({
      error: { type: 'invalid_token', message: 'invalid_token' },
    });

    const { source, pair } = memoryTokens(await oauth().exchangeCode(fake.issueCode()));
    const before = pair.access;
    fake.addProduct({ nome: 'Argola de titânio' });
    fake.expireAccessTokens();
    const api = client({ tokens: source });
    await expect(api.listProducts(1)).resolves.toHaveLength(1);
    expect(fake.tokenRefreshes).toBe(1);
    expect(pair.access).not.toBe(before);
    expect(fake.requests.map((r) => r.path)).toEqual([
      '/Api/v3/produtos',
      '/Api/v3/oauth/token',
      '/Api/v3/produtos',
      '/Api/v3/oauth/token',
      '/Api/v3/produtos',
    ]);
  });

  it('makes the client give up with BlingAuthError once everything is revoked', async () => {
    const api = client();
    fake.revokeAll();
    await expect(api.listProducts(1)).rejects.toBeInstanceOf(BlingAuthError);
  });
});

describe('products', () => {
  it('pages 250 products by 100, in id order, then answers an empty page', async () => {
    fake.addProducts(250);
    const api = client();
    const pages = [];
    for (let page = 1; page <= 4; page += 1) pages.push(await api.listProducts(page));
    expect(pages.map((items) => items.length)).toEqual([100, 100, 50, 0]);
    const ids = pages.flat().map((item) => blingListedProduct.parse(item).id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(new Set(ids).size).toBe(250);
    expect(Object.keys(pages[0]?.[0] ?? {}).sort()).toEqual(
      [
        'codigo',
        'descricaoCurta',
        'estoque',
        'formato',
        'id',
        'imagemURL',
        'nome',
        'preco',
        'situacao',
        'tipo',
      ].sort(),
    );
    expect(fake.requests[0]?.query).toEqual({ pagina: '1', limite: '100' });
  });

  it('filters by dataAlteracaoInicial, codigo and idsProdutos[]', async () => {
    const old = fake.addProduct({ codigo: 'OLD-1', dataAlteracao: '2024-01-10 08:00:00' });
    const recent = fake.addProduct({ codigo: 'NEW-1', dataAlteracao: '2024-05-01 12:00:00' });
    const updated = fake.updateProduct(old.id, { preco: 99.9 });
    expect(updated.dataAlteracao > '2024-05-01 12:00:00').toBe(true);

    const api = client();
    const since = await api.listProducts(1, '2024-05-01 12:00:00');
    expect(since.map((item) => blingListedProduct.parse(item).id)).toEqual([old.id, recent.id]);
    fake.updateProduct(old.id, { dataAlteracao: '2024-02-01 00:00:00' });
    const later = await api.listProducts(1, '2024-05-01 12:00:01');
    expect(later).toEqual([]);

    const byCode = await rawGet('/produtos?codigo=NEW-1', fake.issueTokens().access_token);
    expect(((await byCode.json()) as { data: { id: number }[] }).data.map((p) => p.id)).toEqual([
      recent.id,
    ]);
    const byIds = await rawGet(
      `/produtos?idsProdutos[]=${recent.id}`,
      fake.issueTokens().access_token,
    );
    expect(((await byIds.json()) as { data: unknown[] }).data).toHaveLength(1);
  });

  it('answers the detail with images and variations, which also appear in the list', async () => {
    const parent = fake.addProduct({
      nome: 'Piercing argola',
      codigo: 'ARG',
      preco: 59.9,
      marca: 'Lumina',
      pesoBruto: 0.01,
      dimensoes: { largura: 2, altura: 2, profundidade: 1 },
      midia: { imagens: { externas: [{ link: 'https://cdn.example.com/arg.jpg' }] } },
      variacoes: [
        { variacao: { nome: 'Tamanho:6mm' }, estoque: { saldoVirtualTotal: 3 } },
        { variacao: { nome: 'Tamanho:8mm' }, preco: 64.9, estoque: { saldoVirtualTotal: 4 } },
      ],
    });
    const api = client();
    const detail = await api.getProduct(parent.id);
    expect(detail).toMatchObject({
      id: parent.id,
      formato: 'V',
      marca: 'Lumina',
      pesoBruto: 0.01,
      dimensoes: { largura: 2, altura: 2, profundidade: 1 },
      midia: { imagens: { externas: [{ link: 'https://cdn.example.com/arg.jpg' }] } },
      estoque: { saldoVirtualTotal: 7 },
    });
    expect(detail.variacoes).toEqual([
      expect.objectContaining({
        idProdutoPai: parent.id,
        codigo: 'ARG-1',
        preco: 59.9,
        variacao: { nome: 'Tamanho:6mm', ordem: 1, produtoPai: { id: parent.id } },
      }),
      expect.objectContaining({
        codigo: 'ARG-2',
        preco: 64.9,
        variacao: { nome: 'Tamanho:8mm', ordem: 2, produtoPai: { id: parent.id } },
      }),
    ]);
    const listed = (await api.listProducts(1)).map((item) => blingListedProduct.parse(item));
    expect(listed.map((item) => item.idProdutoPai ?? null)).toEqual([null, parent.id, parent.id]);
  });

  it('answers 404 for an unknown product and a chosen body for respondWithShape', async () => {
    const api = client();
    const missing = await api.getProduct(16_999_999_999).catch((error: unknown) => error);
    expect(missing).toBeInstanceOf(BlingRequestError);
    expect(missing).toMatchObject({ status: 404, type: 'RESOURCE_NOT_FOUND' });

    const product = fake.addProduct();
    fake.respondWithShape(product.id, { data: { id: product.id, nome: '', preco: 'caro' } });
    await expect(api.getProduct(product.id)).rejects.toBeInstanceOf(BlingShapeError);
  });

  it('creates and updates products, refusing a missing name or price', async () => {
    const api = client();
    const invalid = await api
      .createProduct({ nome: ' ', preco: '10,00' })
      .catch((error: unknown) => error);
    expect(invalid).toMatchObject({ status: 400, type: 'VALIDATION_ERROR' });
    expect(fake.products.size).toBe(0);

    const id = await api.createProduct({ nome: 'Tragus', codigo: 'TRG', preco: 39.9, tipo: 'P' });
    expect(fake.products.get(id)).toMatchObject({ nome: 'Tragus', codigo: 'TRG', preco: 39.9 });
    await expect(api.createProduct({ nome: 'Outro', codigo: 'TRG', preco: 1 })).rejects.toThrow(
      'já está cadastrado',
    );

    await api.updateProduct(id, { nome: 'Tragus dourado', codigo: 'TRG', preco: 44.9 });
    expect(fake.products.get(id)).toMatchObject({ nome: 'Tragus dourado', preco: 44.9 });
    await expect(api.updateProduct(16_999_999_999, { nome: 'x', preco: 1 })).rejects.toMatchObject({
      status: 404,
    });
  });

  it('creates a product with variations, and a PUT updates, adds and drops them', async () => {
    const api = client();
    const id = await api.createProduct({
      nome: 'Conch',
      codigo: 'CON',
      preco: 30,
      formato: 'V',
      variacoes: [
        { codigo: 'CON-D', preco: 30, variacao: { nome: 'Cor:Dourado', ordem: 1 } },
        { codigo: 'CON-P', preco: 32, variacao: { nome: 'Cor:Prata', ordem: 2 } },
      ],
    });
    const [gold, silver] = (await api.getProduct(id)).variacoes ?? [];
    expect([gold?.codigo, silver?.codigo]).toEqual(['CON-D', 'CON-P']);
    await api.updateProduct(id, {
      nome: 'Conch',
      codigo: 'CON',
      preco: 30,
      formato: 'V',
      variacoes: [
        { id: gold?.id, codigo: 'CON-D', preco: 31, variacao: { nome: 'Cor:Dourado', ordem: 1 } },
        { codigo: 'CON-R', preco: 30, variacao: { nome: 'Cor:Rosé', ordem: 2 } },
      ],
    });
    const after = fake.products.get(id)!;
    expect(after.variacoes.map((v) => [v.codigo, v.preco, v.variacao?.nome])).toEqual([
      ['CON-D', 31, 'Cor:Dourado'],
      ['CON-R', 30, 'Cor:Rosé'],
    ]);
    expect(after.variacoes[0]?.id).toBe(gold?.id);
    expect(fake.products.has(silver!.id)).toBe(false);

    // As in Bling's own screen: a variation added, then one deleted.
    const added = fake.addVariation(id, { codigo: 'CON-A', variacao: { nome: 'Cor:Azul' } });
    expect(fake.products.get(id)?.variacoes.map((v) => v.codigo)).toEqual([
      'CON-D',
      'CON-R',
      'CON-A',
    ]);
    fake.removeVariation(added.id);
    expect(fake.products.get(id)?.variacoes.map((v) => v.codigo)).toEqual(['CON-D', 'CON-R']);
  });
});

describe('stock', () => {
  it('answers balances and applies E, S and B movements in the default deposit', async () => {
    const [ring, stud] = fake.addProducts(2);
    if (!ring || !stud) throw new Error('seeding failed');
    fake.setStock(ring.id, 5);
    const api = client();
    await expect(api.stockBalances([ring.id, stud.id])).resolves.toEqual([
      expect.objectContaining({
        produto: expect.objectContaining({ id: ring.id }) as unknown,
        saldoFisicoTotal: 5,
        saldoVirtualTotal: 5,
      }),
      expect.objectContaining({ saldoFisicoTotal: 0, saldoVirtualTotal: 0 }),
    ]);
    expect(fake.requests[0]?.query).toEqual({
      'idsProdutos[]': [String(ring.id), String(stud.id)],
    });

    const depositId = await api.defaultDepositId();
    expect(depositId).toBe(14_000_000_001);
    const move = (operation: 'B' | 'E' | 'S', quantity: number) =>
      api.postStockMovement({ productId: ring.id, depositId, operation, quantity, note: 'teste' });
    await move('E', 3);
    expect(fake.stock.get(ring.id)).toBe(8);
    await move('S', 2);
    expect(fake.stock.get(ring.id)).toBe(6);
    await move('B', 10);
    expect(fake.stock.get(ring.id)).toBe(10);
    expect(fake.stockMovements.map((m) => [m.operation, m.quantity, m.balanceAfter])).toEqual([
      ['E', 3, 8],
      ['S', 2, 6],
      ['B', 10, 10],
    ]);

    await expect(
      api.postStockMovement({ productId: 1, depositId, operation: 'E', quantity: 1 }),
    ).rejects.toMatchObject({ status: 400, type: 'VALIDATION_ERROR' });
    await expect(
      api.postStockMovement({ productId: ring.id, depositId: 2, operation: 'E', quantity: 1 }),
    ).rejects.toMatchObject({ status: 400, type: 'VALIDATION_ERROR' });
    await expect(
      api.postStockMovement({ productId: ring.id, depositId, operation: 'S', quantity: 0 }),
    ).rejects.toMatchObject({ status: 400, type: 'VALIDATION_ERROR' });
  });
});

describe('contacts and sales orders', () => {
  it('finds a contact by document or search and creates one', async () => {
    const api = client();
    await expect(api.findContacts({ numeroDocumento: '52998224725' })).resolves.toEqual([]);
    const id = await api.createContact({
      nome: 'Ana Souza',
      numeroDocumento: '529.982.247-25',
      email: 'ana@example.com',
      tipo: 'F',
    });
    const expected = [
      expect.objectContaining({
        id,
        nome: 'Ana Souza',
        numeroDocumento: '52998224725',
        email: 'ana@example.com',
      }),
    ];
    await expect(api.findContacts({ numeroDocumento: '52998224725' })).resolves.toEqual(expected);
    await expect(api.findContacts({ pesquisa: 'ANA@example' })).resolves.toEqual(expected);
    await expect(api.findContacts({ pesquisa: 'bruno' })).resolves.toEqual([]);
    await expect(api.createContact({ nome: '', tipo: 'F' })).rejects.toMatchObject({
      status: 400,
      type: 'VALIDATION_ERROR',
    });
    expect(fake.contacts).toHaveLength(1);
  });

  function order(contactId: number, numeroLoja: string) {
    return {
      data: '2026-03-10',
      contato: { id: contactId },
      itens: [{ codigo: 'ARG-1', descricao: 'Argola 6mm', quantidade: 2, valor: 59.9 }],
      parcelas: [{ dataVencimento: '2026-03-10', valor: 139.8 }],
      transporte: { frete: 20 },
      numeroLoja,
      observacoes: 'Pedido da loja',
    };
  }

  it('creates a sales order and refuses the same numeroLoja again', async () => {
    const contact = fake.addContact({ nome: 'Ana Souza', numeroDocumento: '52998224725' });
    const api = client();
    const created = await api.createSalesOrder(order(contact.id, 'LP000123'));
    expect(created).toEqual({ id: expect.any(Number) as unknown, numero: 1 });
    expect(fake.salesOrders[0]).toMatchObject({ numeroLoja: 'LP000123', contatoId: contact.id });

    const again = await api
      .createSalesOrder(order(contact.id, 'LP000123'))
      .catch((error: unknown) => error);
    expect(again).toBeInstanceOf(BlingRequestError);
    expect(again).toMatchObject({ status: 400, type: 'VALIDATION_ERROR' });
    expect((again as Error).message).toContain('pedido com numeroLoja já existe');
    expect(fake.salesOrders).toHaveLength(1);
  });

  it('refuses an unknown contact or an order without items', async () => {
    const api = client();
    await expect(api.createSalesOrder(order(17_999_999_999, 'LP1'))).rejects.toMatchObject({
      status: 400,
      type: 'VALIDATION_ERROR',
    });
    const contact = fake.addContact({ nome: 'Ana' });
    await expect(
      api.createSalesOrder({ ...order(contact.id, 'LP2'), itens: [] }),
    ).rejects.toMatchObject({ status: 400, type: 'VALIDATION_ERROR' });
    expect(fake.salesOrders).toHaveLength(0);
  });

  it("stores an order whose answer is lost ('timeout'), so the retry hits the duplicate", async () => {
    const contact = fake.addContact({ nome: 'Ana' });
    const api = client({ timeoutMs: 300 });
    fake.failNext(1, 'timeout');
    await expect(api.createSalesOrder(order(contact.id, 'LP9'))).rejects.toBeInstanceOf(
      BlingUnavailableError,
    );
    expect(fake.salesOrders).toHaveLength(1);
    await expect(api.createSalesOrder(order(contact.id, 'LP9'))).rejects.toThrow(
      'numeroLoja já existe',
    );
  });
});

describe('rate limit and failures', () => {
  it('answers 429 to the 4th request within a second', async () => {
    fake.perSecond = 3;
    const token = fake.issueTokens().access_token;
    const answers = await Promise.all(Array.from({ length: 4 }, () => rawGet('/depositos', token)));
    expect(answers.map((r) => r.status).sort()).toEqual([200, 200, 200, 429]);
    const limited = answers.find((r) => r.status === 429);
    expect(await limited?.json()).toMatchObject({
      error: { type: 'TOO_MANY_REQUESTS', message: 'Limite de requisições atingido.' },
    });
    expect(fake.rateLimited).toBe(1);
    expect(fake.acceptedAt).toHaveLength(3);
    expect(fake.peakPerSecond()).toBe(3);
  });

  it('lets the client through after its back-off, never over 3 a second', async () => {
    fake.perSecond = 3;
    const api = client();
    const deposits = await Promise.all(Array.from({ length: 4 }, () => api.defaultDepositId()));
    expect(deposits).toEqual(Array.from({ length: 4 }, () => 14_000_000_001));
    expect(fake.rateLimited).toBeGreaterThanOrEqual(1);
    expect(fake.peakPerSecond()).toBeLessThanOrEqual(3);
  });

  it('fails the next request with 500 without acting, then works again', async () => {
    const api = client();
    fake.failNext(1, 500);
    await expect(api.createProduct({ nome: 'Septo', preco: 29.9 })).rejects.toBeInstanceOf(
      BlingUnavailableError,
    );
    expect(fake.products.size).toBe(0);
    await expect(api.createProduct({ nome: 'Septo', preco: 29.9 })).resolves.toBeTypeOf('number');
    expect(fake.products.size).toBe(1);
  });

  it('injects 429s the client retries, and canned answers', async () => {
    const waits: number[] = [];
    const api = client({ wait: (ms) => Promise.resolve(waits.push(ms)) });
    fake.failNext(2, 429);
    await expect(api.defaultDepositId()).resolves.toBe(14_000_000_001);
    expect(waits).toEqual([1000, 2000]);

    fake.respondNextWith(200, { data: 'not a list' });
    await expect(api.defaultDepositId()).rejects.toBeInstanceOf(BlingShapeError);
  });
});

describe('NF-e', () => {
  function rawPost(path: string, token: string): Promise<Response> {
    return fetch(`${fake.apiUrl}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    });
  }

  async function json(response: Promise<Response>): Promise<{ status: number; body: unknown }> {
    const answered = await response;
    return { status: answered.status, body: await answered.json() };
  }

  async function salesOrderId(numeroLoja: string): Promise<number> {
    const contact = fake.addContact({ nome: 'Ana Souza', numeroDocumento: '52998224725' });
    const created = await client().createSalesOrder({
      contato: { id: contact.id },
      itens: [{ codigo: 'ARG-1', descricao: 'Argola 6mm', quantidade: 1, valor: 59.9 }],
      numeroLoja,
    });
    return created.id;
  }

  it('generates a pending, numbered NF-e only from an existing sales order, once', async () => {
    const token = fake.issueTokens().access_token;
    await expect(json(rawPost('/pedidos/vendas/18999999999/gerar-nfe', token))).resolves.toEqual({
      status: 404,
      body: {
        error: {
          type: 'RESOURCE_NOT_FOUND',
          message: 'Recurso não encontrado',
          description: 'Pedido de venda 18999999999',
        },
      },
    });
    const orderId = await salesOrderId('LP1');
    const generated = await json(rawPost(`/pedidos/vendas/${orderId}/gerar-nfe`, token));
    expect(generated).toEqual({ status: 201, body: { data: { idNotaFiscal: 20_000_000_001 } } });
    await expect(json(rawGet('/nfe/20000000001', token))).resolves.toMatchObject({
      status: 200,
      body: {
        data: {
          id: 20_000_000_001,
          situacao: 1,
          numero: '000001',
          serie: 1,
          chaveAcesso: '',
          linkDanfe: '',
          xml: '',
          numeroPedidoLoja: 'LP1',
          contato: { nome: 'Ana Souza', numeroDocumento: '52998224725' },
        },
      },
    });
    await expect(json(rawGet(`/pedidos/vendas/${orderId}`, token))).resolves.toMatchObject({
      status: 200,
      body: { data: { id: orderId, numeroLoja: 'LP1', notaFiscal: { id: 20_000_000_001 } } },
    });

    // Again for the same order: the same NF-e; or Bling's refusal when told to.
    await expect(json(rawPost(`/pedidos/vendas/${orderId}/gerar-nfe`, token))).resolves.toEqual(
      generated,
    );
    fake.nfeRepeat = 'error';
    await expect(
      json(rawPost(`/pedidos/vendas/${orderId}/gerar-nfe`, token)),
    ).resolves.toMatchObject({ status: 400, body: { error: { type: 'VALIDATION_ERROR' } } });
    // Another order's NF-e takes the next number.
    const other = await salesOrderId('LP2');
    await rawPost(`/pedidos/vendas/${other}/gerar-nfe`, token);
    expect([...fake.nfes.values()].map((nfe) => nfe.numero)).toEqual([1, 2]);
    await expect(json(rawGet('/nfe/20000000099', token))).resolves.toMatchObject({ status: 404 });
  });

  it('authorises on send, serving a real PDF and the XML at its links; a second send is refused', async () => {
    const token = fake.issueTokens().access_token;
    await rawPost(`/pedidos/vendas/${await salesOrderId('LP1')}/gerar-nfe`, token);
    const sent = await json(rawPost('/nfe/20000000001/enviar', token));
    const nfe = fake.nfes.get(20_000_000_001);
    const key = nfe?.chaveAcesso ?? '';
    expect(nfe?.situacao).toBe(5);
    expect(key).toMatch(/^\d{44}$/);
    expect(sent).toEqual({
      status: 200,
      body: { data: { xml: `${fake.url}/documentos/xml/${key}.xml` } },
    });
    const read = await json(rawGet('/nfe/20000000001', token));
    expect(read.body).toMatchObject({
      data: {
        situacao: 5,
        chaveAcesso: key,
        linkDanfe: `${fake.url}/documentos/danfe/${key}.pdf`,
        linkPDF: `${fake.url}/documentos/danfe/${key}.pdf`,
      },
    });

    // A PDF a viewer opens: its cross-reference table points at each object and at itself.
    const pdf = Buffer.from(
      await (await fetch(`${fake.url}/documentos/danfe/${key}.pdf`)).arrayBuffer(),
    ).toString('latin1');
    expect(pdf.startsWith('%PDF-1.4\n')).toBe(true);
    expect(pdf.endsWith('%%EOF\n')).toBe(true);
    const xrefAt = Number(/startxref\n(\d+)\n%%EOF\n$/.exec(pdf)?.[1]);
    expect(pdf.slice(xrefAt).startsWith('xref\n0 6\n')).toBe(true);
    const offsets = [...pdf.slice(xrefAt).matchAll(/^(\d{10}) 00000 n $/gm)].map((m) =>
      Number(m[1]),
    );
    expect(offsets).toHaveLength(5);
    offsets.forEach((offset, index) => {
      expect(pdf.slice(offset).startsWith(`${index + 1} 0 obj\n`)).toBe(true);
    });
    const stream = /<< \/Length (\d+) >>\nstream\n([\s\S]*?)\nendstream/.exec(pdf);
    expect(Number(stream?.[1])).toBe(Buffer.byteLength(stream?.[2] ?? '', 'latin1'));

    await expect(json(rawPost('/nfe/20000000001/enviar', token))).resolves.toMatchObject({
      status: 400,
      body: { error: { description: 'A nota fiscal já está autorizada' } },
    });
  });

  it('rejects with a reason, or keeps a note processing (3, then 8) for the reads asked', async () => {
    const token = fake.issueTokens().access_token;
    await rawPost(`/pedidos/vendas/${await salesOrderId('LP1')}/gerar-nfe`, token);
    fake.nfeOutcome = 'reject';
    await expect(json(rawPost('/nfe/20000000001/enviar', token))).resolves.toEqual({
      status: 400,
      body: {
        error: {
          type: 'VALIDATION_ERROR',
          message: 'Não foi possível emitir a nota fiscal',
          description: 'Rejeição 225: Falha no Schema XML do lote de NFe',
        },
      },
    });
    expect(fake.nfes.get(20_000_000_001)).toMatchObject({ situacao: 4, chaveAcesso: null });

    fake.nfeOutcome = 'processing';
    fake.processingReads = 2;
    await expect(json(rawPost('/nfe/20000000001/enviar', token))).resolves.toEqual({
      status: 200,
      body: { data: { xml: '' } },
    });
    await expect(json(rawPost('/nfe/20000000001/enviar', token))).resolves.toMatchObject({
      status: 400,
    });
    const situacoes: unknown[] = [];
    for (let i = 0; i < 4; i += 1) {
      const { body } = await json(rawGet('/nfe/20000000001', token));
      situacoes.push((body as { data: { situacao: number } }).data.situacao);
    }
    expect(situacoes).toEqual([3, 8, 5, 5]);
  });

  it('fails a send on demand: a 500 does nothing, a dropped answer still authorises', async () => {
    const api = client({ timeoutMs: 300 });
    const nfeId = await api.generateNfeFromSalesOrder(await salesOrderId('LP1'));
    fake.failNext(1, 500);
    await expect(api.sendNfe(nfeId)).rejects.toBeInstanceOf(BlingUnavailableError);
    expect(fake.nfes.get(nfeId)?.situacao).toBe(1);
    fake.failNext(1, 'timeout');
    await expect(api.sendNfe(nfeId)).rejects.toMatchObject({ answered: false });
    expect(fake.nfes.get(nfeId)?.situacao).toBe(5);
  });

  it('reset forgets NF-e, their documents and the NF-e settings', async () => {
    const api = client();
    const nfeId = await api.generateNfeFromSalesOrder(await salesOrderId('LP1'));
    await api.sendNfe(nfeId);
    const danfe = (await api.getNfe(nfeId)).linkDanfe ?? '';
    expect((await fetch(danfe)).status).toBe(200);
    fake.nfeOutcome = 'reject';
    fake.nfeRefusal = 'Sem certificado digital';
    fake.nfeRepeat = 'error';
    fake.reset();
    expect(fake.nfes.size).toBe(0);
    expect((await fetch(danfe)).status).toBe(404);
    expect([fake.nfeOutcome, fake.nfeRefusal, fake.nfeRepeat]).toEqual([
      'authorise',
      null,
      'existing',
    ]);
  });
});

describe('webhooks', () => {
  let receiver: ReturnType<typeof createServer>;
  let receiverUrl = '';
  const received: { headers: IncomingHttpHeaders; raw: string }[] = [];

  beforeAll(async () => {
    receiver = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        received.push({ headers: request.headers, raw: Buffer.concat(chunks).toString('utf8') });
        response.writeHead(204);
        response.end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/webhooks/bling`;
  });

  afterAll(async () => {
    receiver.closeAllConnections();
    await new Promise<void>((resolve) => receiver.close(() => resolve()));
  });

  beforeEach(() => {
    received.length = 0;
  });

  it('signs the raw body with HMAC-SHA256 of the client secret', async () => {
    const delivered = await fake.deliverWebhook(receiverUrl, {
      event: 'stock.updated',
      data: { produto: { id: 16_000_000_001 }, saldoVirtualTotal: 4 },
      eventId: 'evt-1',
    });
    expect(delivered).toEqual({ status: 204, body: '' });
    const [hit] = received;
    if (!hit) throw new Error('no delivery');
    const expected = `sha256=${createHmac('sha256', fake.clientSecret).update(hit.raw).digest('hex')}`;
    expect(hit.headers['x-bling-signature-256']).toBe(expected);
    expect(fake.signWebhook(hit.raw)).toBe(expected);
    expect(JSON.parse(hit.raw)).toMatchObject({
      eventId: 'evt-1',
      version: 'v1',
      event: 'stock.updated',
      companyId: 'fake-company',
      data: { produto: { id: 16_000_000_001 }, saldoVirtualTotal: 4 },
    });
  });

  it('sends a chosen signature or none', async () => {
    await fake.deliverWebhook(
      receiverUrl,
      { event: 'order.updated', data: { id: 1 } },
      { signature: 'sha256=00' },
    );
    await fake.deliverWebhook(
      receiverUrl,
      { event: 'product.updated', data: { id: 1 } },
      { signature: null },
    );
    expect(received[0]?.headers['x-bling-signature-256']).toBe('sha256=00');
    expect(received[1]?.headers).not.toHaveProperty('x-bling-signature-256');
  });
});
