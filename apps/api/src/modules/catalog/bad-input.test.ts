import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct, insertProducts } from '../../test/product-builder.ts';
import { createTestContext, type TestContext } from '../../test/test-app.ts';

/**
 * Bad input: any malformed query or path gets a 4xx with a pt-BR message or an empty
 * result, never a 5xx.
 */
let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
  await insertProducts(ctx.database.db, [
    createProduct({ name: 'Argola Básica', sku: 'BAD-1' }),
    createProduct({ name: 'Labret Simples', sku: 'BAD-2', category: 'boca' }),
  ]);
});

afterAll(async () => {
  await ctx?.close();
});

const PER_PAGE_MESSAGE = 'O parâmetro per_page deve ser um número inteiro entre 1 e 100';
const PAGE_MESSAGE = 'O parâmetro page deve ser um número inteiro entre 1 e 100000';
const OPTION_MESSAGE =
  'O parâmetro opcao deve ser Nome:valor, até 10 vezes e com até 80 caracteres cada';

async function get(url: string) {
  const response = await ctx.app.inject({ method: 'GET', url });
  expect(response.statusCode, `${url} -> ${response.body}`).toBeLessThan(500);
  return response;
}

describe('malformed product ids answer 404 Produto não encontrado', () => {
  it.each([
    'abc',
    '-1',
    '0',
    '1.5',
    '1e3',
    '99999999999',
    '2147483648',
    '%27%20OR%201%3D1--',
    '%3Cscript%3Ealert(1)%3C%2Fscript%3E',
    '1%3B%20DROP%20TABLE%20products',
  ])('/api/products/%s', async (id) => {
    const response = await get(`/api/products/${id}`);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ message: 'Produto não encontrado' });
  });
});

describe('GET /api/products rejects bad parameters with 422 and a pt-BR message', () => {
  const bad = (query: string, field: string, message: string, label = query) => ({
    label,
    query,
    field,
    message,
  });

  it.each([
    bad('per_page=-1', 'per_page', PER_PAGE_MESSAGE),
    bad('per_page=0', 'per_page', PER_PAGE_MESSAGE),
    bad('per_page=101', 'per_page', PER_PAGE_MESSAGE),
    bad('per_page=1000000', 'per_page', PER_PAGE_MESSAGE),
    bad('per_page=99999999999999999999999', 'per_page', PER_PAGE_MESSAGE),
    bad('per_page=1e2', 'per_page', PER_PAGE_MESSAGE),
    bad('per_page=abc', 'per_page', PER_PAGE_MESSAGE),
    bad('per_page=10.5', 'per_page', PER_PAGE_MESSAGE),
    bad('per_page=1&per_page=2', 'per_page', PER_PAGE_MESSAGE),
    bad('page=0', 'page', PAGE_MESSAGE),
    bad('page=-3', 'page', PAGE_MESSAGE),
    bad('page=NaN', 'page', PAGE_MESSAGE),
    bad('page=100001', 'page', PAGE_MESSAGE),
    bad(
      `search=${'a'.repeat(5000)}`,
      'search',
      'A busca deve ter no máximo 100 caracteres',
      'search of 5000 characters',
    ),
    bad('search=a&search=b', 'search', 'O parâmetro search deve ser um texto'),
    bad('category=orelha&category=boca', 'category', 'O parâmetro category deve ser um texto'),
    bad(
      `category=${'x'.repeat(500)}`,
      'category',
      'O parâmetro category deve ser um texto',
      'category of 500 characters',
    ),
    bad('sort=price;DROP TABLE products', 'sort', 'Ordenação inválida. Use name, price ou newest'),
    bad('sort=name&sort=price', 'sort', 'Ordenação inválida. Use name, price ou newest'),
    bad(
      'display_status=hidden',
      'display_status',
      'O parâmetro display_status deve ser visible ou featured',
    ),
    bad('opcao=Prata', 'opcao', OPTION_MESSAGE),
    bad('opcao=Cor%3A', 'opcao', OPTION_MESSAGE),
    bad('opcao=%3APrata', 'opcao', OPTION_MESSAGE),
    bad('opcao=Cor%3APrata&opcao=semdoispontos', 'opcao', OPTION_MESSAGE),
    bad(`opcao=Cor%3A${'x'.repeat(90)}`, 'opcao', OPTION_MESSAGE, 'opcao of 94 characters'),
    bad(
      Array.from({ length: 11 }, (_, index) => `opcao=Cor%3A${index}`).join('&'),
      'opcao',
      OPTION_MESSAGE,
      'opcao 11 times',
    ),
  ])('$label', async ({ query, field, message }) => {
    const response = await get(`/api/products?${query}`);
    expect(response.statusCode).toBe(422);
    const body = response.json<{ message: string; fields: Record<string, string[]> }>();
    expect(body.message).toBe(message);
    expect(body.fields[field]).toEqual([message]);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers.etag).toBeUndefined();
  });

  it('reports every bad parameter at once', async () => {
    const response = await get('/api/products?per_page=0&page=0');
    expect(response.json()).toMatchObject({
      type: 'invalid_data',
      code: 'validation_failed',
      errors: [PER_PAGE_MESSAGE, PAGE_MESSAGE],
    });
  });
});

describe('SQL and HTML in parameters are only text', () => {
  it.each([
    "search=' OR 1=1 --",
    'search=%27%3B%20DROP%20TABLE%20products%3B%20--',
    'search=%3Cscript%3Ealert(1)%3C%2Fscript%3E',
    'search=%5C',
    'category=%27%20OR%20%271%27%3D%271',
    'category=%3Cimg%20src%3Dx%20onerror%3Dalert(1)%3E',
    'page=100000',
  ])('?%s gives an empty list', async (query) => {
    const response = await get(`/api/products?${query}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ products: [] });
  });

  it.each(['search=a%00b', 'category=%00', 'sort=%00'])('?%s answers 400', async (query) => {
    const response = await get(`/api/products?${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: 'A requisição contém caracteres inválidos.' });
  });

  it.each([
    "opcao=Cor%3A' OR 1=1 --",
    'opcao=%27%3B%20DROP%20TABLE%20products%3B%20--%3Ax',
    'opcao=Cor%3A%3Cscript%3E',
    'opcao=Cor%3A%25',
  ])('?%s gives an empty list', async (query) => {
    const response = await get(`/api/products?${query}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ products: [], option_facets: [] });
  });

  it('an empty opcao (as forms send it) means no option filter', async () => {
    const response = await get('/api/products?opcao=');
    expect(response.json()).toMatchObject({ total: 2 });
  });

  it('leaves the catalogue intact', async () => {
    const response = await get('/api/products');
    expect(response.json()).toMatchObject({ total: 2 });
  });

  it('ignores unknown parameters and bracket syntax', async () => {
    const response = await get('/api/products?utm_source=x&category[]=boca&per_page[a]=1');
    expect(response.json()).toMatchObject({ total: 2, per_page: 100 });
  });

  it.each(['%3Cscript%3E', 'orelha%27--', 'x'.repeat(90)])(
    'unknown category %s for subcategories answers 404',
    async (slug) => {
      const response = await get(`/api/categories/${slug}/subcategories`);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ message: 'Categoria não encontrada' });
    },
  );
});

describe('malformed requests to the API', () => {
  it('unknown API paths answer a JSON 404 in pt-BR', async () => {
    for (const url of ['/api/nada', '/api/products/1/extra', '/api']) {
      const response = await get(url);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ message: 'Endereço da API não encontrado.' });
    }
  });

  it('a method the route does not have answers 404 in pt-BR', async () => {
    const response = await ctx.app.inject({ method: 'DELETE', url: '/api/products' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ message: 'Endereço da API não encontrado.' });
  });

  it('malformed JSON answers 400', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": "Ana", ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'invalid_json',
      message: 'O corpo da requisição não é um JSON válido.',
    });
  });

  it('an empty JSON body answers 400', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: { 'content-type': 'application/json' },
      payload: '',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: 'O corpo da requisição está vazio.' });
  });

  it.each(['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x'])(
    'a body of %s answers 415',
    async (contentType) => {
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/contact',
        headers: { 'content-type': contentType },
        payload: 'name=Ana',
      });
      expect(response.statusCode).toBe(415);
      expect(response.json()).toMatchObject({
        message: 'Tipo de conteúdo não suportado. Envie os dados como application/json.',
      });
    },
  );

  it('a body over the limit answers 413', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'Ana', email: 'a@b.co', message: 'x'.repeat(100_000) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ message: 'O corpo da requisição é grande demais.' });
  });

  it.each([
    ['an array', '[1, 2]'],
    ['a string', '"oi"'],
    ['null', 'null'],
    ['wrong types', '{"name": ["Ana"], "email": 5, "message": {"a": 1}}'],
  ])('a JSON body of %s answers 422 in pt-BR', async (_label, payload) => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: { 'content-type': 'application/json' },
      payload,
    });
    expect(response.statusCode).toBe(422);
    const body = response.json<{ message: string; errors: string[] }>();
    expect(body.errors.length).toBeGreaterThan(0);
    expect(body.message).not.toMatch(/expected|invalid input|required/i);
  });
});
