// Reviews by verified buyers, end to end on the real app and database: who may review (the buyer
// of a delivered order containing the product, once), what is kept of the text, the photo through
// the product photos' pipeline, moderation in the panel, the product page's list and JSON-LD (its
// cached answers dropped when a review is moderated) and LGPD erasure.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type {
  AdminReviewList,
  CreateReviewResponse,
  ModerateReviewAnswer,
  OrderReviewsResponse,
  ProductReviewsResponse,
} from '@lumina/shared/reviews/review-schemas';
import type { DataExport } from '@lumina/shared/privacy/data-export';
import type { UserRow } from '../../db/schema/users.ts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { returnsFixture, TRACKING, type ReturnsFixture } from '../../test/returns.ts';
import { createTestContext, type TestContext } from '../../test/test-app.ts';
import { createUser } from '../../test/user-builder.ts';

const APP_URL = 'https://loja.example.com';
const INDEX_HTML = `<!doctype html><html lang="pt-BR"><head><meta charset="UTF-8" /><title>Loja</title><meta name="description" content="Joias." /></head><body><div id="root"></div></body></html>`;

let ctx: TestContext;
let fx: ReturnsFixture;
let dataDir: string;
let dist: string;
let clock = new Date();
let owner: UserRow;
let catalogueStaff: UserRow;
let operator: UserRow;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'lumina-reviews-'));
  dist = mkdtempSync(join(tmpdir(), 'lumina-reviews-web-'));
  writeFileSync(join(dist, 'index.html'), INDEX_HTML);
  // The catalogue cache's real lifetime: a moderated review must show at once all the same.
  ctx = await createTestContext({
    catalogCacheTtlMs: 60_000,
    now: () => clock,
    env: { DATA_DIR: dataDir, WEB_DIST_DIR: dist, APP_URL, PIX_KEY: 'loja@example.com' },
  });
  fx = returnsFixture(ctx.app, ctx.database);
  owner = await createUser(ctx.database, { role: 'admin' });
  catalogueStaff = await createUser(ctx.database, { role: 'admin', staffRole: 'catalogue' });
  operator = await createUser(ctx.database, { role: 'admin', staffRole: 'operator' });
});

afterAll(async () => {
  await ctx?.close();
  for (const dir of [dataDir, dist]) if (dir) rmSync(dir, { recursive: true, force: true });
});

/** A ring bought in 8 mm, taken by the shop up to `until` (delivered unless told). */
async function boughtRing(until: 'paid' | 'shipped' | 'delivered' = 'delivered') {
  const ring = await fx.ring();
  const placed = await fx.placed([
    { productId: ring.productId, variantId: ring.eight, quantity: 1 },
  ]);
  await fx.adminAct(owner, placed.order.id, 'confirm_payment');
  if (until !== 'paid')
    await fx.adminAct(owner, placed.order.id, 'ship', { tracking_code: TRACKING });
  if (until === 'delivered') await fx.adminAct(owner, placed.order.id, 'deliver');
  return { ...ring, ...placed };
}

function review(user: UserRow, orderId: number | string, body: object) {
  return fx.call(user, 'POST', `/orders/${orderId}/reviews`, body);
}

async function publicReviews(productId: number) {
  const response = await ctx.app.inject({ url: `/api/products/${productId}/reviews` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ProductReviewsResponse>();
}

async function moderate(user: UserRow, id: number, body: object) {
  const response = await ctx.app.inject({
    method: 'PATCH',
    url: `/api/admin/reviews/${id}`,
    headers: await fx.headersOf(user),
    payload: body,
  });
  return response;
}

/** The product page as a search engine reads it: its JSON-LD Product or ProductGroup. */
async function productJsonLd(productId: number): Promise<Record<string, unknown>> {
  const page = await ctx.app.inject({ url: `/produto/${productId}`, headers: { accept: '*/*' } });
  expect(page.statusCode).toBe(200);
  const blocks = [
    ...page.body.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g),
  ].map((match) => JSON.parse(match[1] ?? 'null') as Record<string, unknown>);
  const product = blocks.find((block) => /^Product(Group)?$/.test(String(block['@type'])));
  if (!product) throw new Error('the page has no Product JSON-LD');
  return product;
}

/** A multipart/form-data body as a browser's FormData sends it. */
function multipart(bytes: Buffer, filename: string, type: string) {
  const boundary = `----lumina${randomBytes(8).toString('hex')}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

async function uploadPhoto(
  user: UserRow,
  orderId: number,
  reviewId: number,
  body: ReturnType<typeof multipart>,
) {
  return ctx.app.inject({
    method: 'POST',
    url: `/api/orders/${orderId}/reviews/${reviewId}/photo`,
    headers: { ...(await fx.headersOf(user)), ...body.headers },
    payload: body.payload,
  });
}

const png = () =>
  sharp({ create: { width: 900, height: 700, channels: 3, background: { r: 190, g: 150, b: 80 } } })
    .png()
    .toBuffer();

describe('who may review', () => {
  it('only the buyer of a delivered order containing the product, once: else 403 or 409', async () => {
    const paid = await boughtRing('paid');
    const notYet = await review(paid.buyer, paid.order.id, {
      review: { product_id: paid.productId, rating: 5, text: 'Ainda não chegou' },
    });
    expect(notYet.statusCode).toBe(403);
    expect(notYet.json()).toMatchObject({
      code: 'order_not_delivered',
      message: 'Você poderá avaliar os produtos deste pedido quando ele for entregue.',
    });
    const shipped = await boughtRing('shipped');
    expect(
      (
        await review(shipped.buyer, shipped.order.id, {
          review: { product_id: shipped.productId, rating: 4 },
        })
      ).statusCode,
    ).toBe(403);

    const bought = await boughtRing();
    const stranger = await createUser(ctx.database);
    const notBuyer = await review(stranger, bought.order.id, {
      review: { product_id: bought.productId, rating: 1, text: 'Nunca comprei' },
    });
    expect(notBuyer.statusCode).toBe(403);
    expect(notBuyer.json()).toMatchObject({
      code: 'not_buyer',
      message: 'Só quem comprou e recebeu este produto pode avaliá-lo.',
    });
    // An order that does not exist answers the same: no telling which ids are someone's.
    for (const id of [999_999, 'abc']) {
      const unknown = await review(stranger, id, {
        review: { product_id: bought.productId, rating: 5 },
      });
      expect(unknown.statusCode, String(id)).toBe(403);
      expect(unknown.json()).toMatchObject({ code: 'not_buyer' });
    }

    const other = await fx.ring();
    const otherProduct = await review(bought.buyer, bought.order.id, {
      review: { product_id: other.productId, rating: 5, text: 'Outro produto' },
    });
    expect(otherProduct.statusCode).toBe(403);
    expect(otherProduct.json()).toMatchObject({
      code: 'product_not_in_order',
      message: 'Este produto não faz parte deste pedido: só quem o recebeu pode avaliá-lo.',
    });

    const first = await review(bought.buyer, bought.order.id, {
      review: { product_id: bought.productId, rating: 5, text: 'Linda!' },
    });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json<CreateReviewResponse>()).toMatchObject({
      message: 'Obrigado! Sua avaliação foi enviada e aparece na loja assim que for aprovada.',
      review: {
        rating: 5,
        text: 'Linda!',
        status: 'pending',
        status_label: 'Aguardando moderação',
      },
    });
    const twice = await review(bought.buyer, bought.order.id, {
      review: { product_id: bought.productId, rating: 1, text: 'Mudei de ideia' },
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({
      code: 'already_reviewed',
      message: 'Você já avaliou este produto neste pedido.',
    });

    // The account's review page lists the order's products with the review written.
    const page = await fx.call(bought.buyer, 'GET', `/orders/${bought.order.id}/reviews`);
    expect(page.statusCode).toBe(200);
    expect(page.json<OrderReviewsResponse>()).toMatchObject({
      order: { id: bought.order.id, can_review: true, reason: null },
      products: [
        {
          product_id: bought.productId,
          variant_label: 'Diâmetro: 8 mm',
          review: { rating: 5, text: 'Linda!', status: 'pending' },
        },
      ],
    });
    const paidPage = await fx.call(paid.buyer, 'GET', `/orders/${paid.order.id}/reviews`);
    expect(paidPage.json<OrderReviewsResponse>().order).toMatchObject({
      can_review: false,
      reason: 'Você poderá avaliar os produtos deste pedido quando ele for entregue.',
    });
    expect((await fx.call(stranger, 'GET', `/orders/${bought.order.id}/reviews`)).statusCode).toBe(
      404,
    );
    const anonymous = await ctx.app.inject({
      method: 'POST',
      url: `/api/orders/${bought.order.id}/reviews`,
      payload: { review: { product_id: bought.productId, rating: 5 } },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('refuses a bad body with a pt-BR message and a 422', async () => {
    const bought = await boughtRing();
    const cases: [object, string][] = [
      [
        { review: { product_id: bought.productId, rating: 0 } },
        'Escolha uma nota de 1 a 5 estrelas.',
      ],
      [
        { review: { product_id: bought.productId, rating: 6 } },
        'Escolha uma nota de 1 a 5 estrelas.',
      ],
      [
        { review: { product_id: bought.productId, rating: 4.5 } },
        'Escolha uma nota de 1 a 5 estrelas.',
      ],
      [
        { review: { product_id: bought.productId, rating: '5' } },
        'Escolha uma nota de 1 a 5 estrelas.',
      ],
      [
        { review: { product_id: bought.productId, rating: 5, text: 'a'.repeat(2001) } },
        'O comentário deve ter no máximo 2000 caracteres.',
      ],
      [{ review: { rating: 5 } }, 'Escolha o produto que você quer avaliar.'],
      [{ rating: 5 }, 'Envie a avaliação como {review: {product_id, rating, text}}.'],
    ];
    for (const [body, message] of cases) {
      const response = await review(bought.buyer, bought.order.id, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
      expect(JSON.stringify(response.json()), JSON.stringify(body)).toContain(message);
    }
  });
});

describe('what a review keeps', () => {
  it('keeps plain text: scripts, markup and links are removed', async () => {
    const bought = await boughtRing();
    const created = await review(bought.buyer, bought.order.id, {
      review: {
        product_id: bought.productId,
        rating: 4,
        text: [
          '<script>alert("x")</script>Adorei <b>a argola</b> & o fecho!<img src=x onerror=alert(1)>',
          'Veja http://spam.example.com/oferta e www.promo.com.br ou loja-barata.com/ja',
          '&lt;script&gt;alert(2)&lt;/script&gt;<a href="javascript:alert(3)">clique</a> 5 > 4',
          '<style>body{display:none}</style>Escreva: ana@example.com',
        ].join('\n'),
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const { text } = created.json<CreateReviewResponse>().review;
    expect(text).toBe('Adorei a argola & o fecho!\nVeja e ou\nclique 5 > 4\nEscreva:');
    expect(text).not.toMatch(/<|script|http|www\.|\.com|javascript|@/i);
  });
});

describe('a review photo', () => {
  it('goes through the product photo pipeline, to its author only, while it waits', async () => {
    const bought = await boughtRing();
    const created = await review(bought.buyer, bought.order.id, {
      review: { product_id: bought.productId, rating: 5, text: 'Com foto' },
    });
    const { id } = created.json<CreateReviewResponse>().review;

    const notAnImage = await uploadPhoto(
      bought.buyer,
      bought.order.id,
      id,
      multipart(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'a.jpg', 'image/jpeg'),
    );
    expect(notAnImage.statusCode).toBe(415);
    expect(notAnImage.json()).toMatchObject({
      message: 'Arquivo inválido: envie uma foto JPEG, PNG ou WebP.',
    });
    const tooLarge = await uploadPhoto(
      bought.buyer,
      bought.order.id,
      id,
      multipart(Buffer.alloc(5 * 1024 * 1024 + 10, 1), 'grande.jpg', 'image/jpeg'),
    );
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json()).toMatchObject({ message: 'A foto deve ter no máximo 5 MB.' });
    const stranger = await createUser(ctx.database);
    const notMine = await uploadPhoto(
      stranger,
      bought.order.id,
      id,
      multipart(await png(), 'a.png', 'image/png'),
    );
    expect(notMine.statusCode).toBe(404);

    const sent = await uploadPhoto(
      bought.buyer,
      bought.order.id,
      id,
      multipart(await png(), 'argola.png', 'image/png'),
    );
    expect(sent.statusCode, sent.body).toBe(200);
    const { photo_url, photo_thumb_url } = sent.json<CreateReviewResponse>().review;
    expect(photo_url).toMatch(/^\/uploads\/reviews\/[a-f0-9]{24}\.webp$/);
    expect(photo_thumb_url).toMatch(/^\/uploads\/reviews\/[a-f0-9]{24}-480\.webp$/);
    const served = await ctx.app.inject({ url: photo_url ?? '' });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 900 });
    expect(meta.exif).toBeUndefined();

    // A second photo replaces the first, whose files go.
    const again = await uploadPhoto(
      bought.buyer,
      bought.order.id,
      id,
      multipart(await png(), 'outra.png', 'image/png'),
    );
    expect(again.statusCode).toBe(200);
    expect(again.json<CreateReviewResponse>().review.photo_url).not.toBe(photo_url);
    expect(existsSync(join(dataDir, photo_url ?? ''))).toBe(false);

    expect((await moderate(owner, id, { status: 'approved' })).statusCode).toBe(200);
    const locked = await uploadPhoto(
      bought.buyer,
      bought.order.id,
      id,
      multipart(await png(), 'tarde.png', 'image/png'),
    );
    expect(locked.statusCode).toBe(409);
    expect(locked.json()).toMatchObject({
      message: 'A foto só pode ser enviada enquanto a avaliação aguarda moderação.',
    });
    const listed = await publicReviews(bought.productId);
    expect(listed.reviews[0]).toMatchObject({
      photo_url: again.json<CreateReviewResponse>().review.photo_url,
    });
  });
});

describe('moderation and the product page', () => {
  it('shows only approved reviews, with the first name, variant and reply, in the page and its JSON-LD', async () => {
    const bought = await boughtRing();
    const second = await fx.placed([
      { productId: bought.productId, variantId: bought.ten, quantity: 1 },
    ]);
    for (const action of ['confirm_payment', 'ship', 'deliver']) {
      await fx.adminAct(
        owner,
        second.order.id,
        action,
        action === 'ship' ? { tracking_code: TRACKING } : undefined,
      );
    }
    // Read (and cached) before anything is approved: the page has no rating at all.
    expect(await publicReviews(bought.productId)).toMatchObject({
      reviews: [],
      summary: { average: 0, count: 0 },
      total: 0,
    });
    const before = await productJsonLd(bought.productId);
    expect(before).not.toHaveProperty('aggregateRating');
    expect(before).not.toHaveProperty('review');

    const first = (
      await review(bought.buyer, bought.order.id, {
        review: { product_id: bought.productId, rating: 5, text: 'Perfeita, não pesa.' },
      })
    ).json<CreateReviewResponse>().review;
    const other = (
      await review(second.buyer, second.order.id, {
        review: { product_id: bought.productId, rating: 4, text: 'Bonita, fecho duro.' },
      })
    ).json<CreateReviewResponse>().review;

    // The panel's queue: to the catalogue's people, waiting reviews first.
    const operatorList = await ctx.app.inject({
      url: '/api/admin/reviews',
      headers: await fx.headersOf(operator),
    });
    expect(operatorList.statusCode).toBe(403);
    const queue = await ctx.app.inject({
      url: '/api/admin/reviews?status=pending',
      headers: await fx.headersOf(catalogueStaff),
    });
    expect(queue.statusCode).toBe(200);
    const waiting = queue.json<AdminReviewList>();
    expect(waiting.reviews.map((r) => r.id)).toEqual(expect.arrayContaining([first.id, other.id]));
    expect(waiting.reviews.every((r) => r.status === 'pending')).toBe(true);
    expect(waiting.pending).toBe(waiting.total);
    expect(waiting.reviews.find((r) => r.id === first.id)).toMatchObject({
      author: 'Ana',
      variant_label: 'Diâmetro: 8 mm',
      order: { id: bought.order.id, order_number: bought.order.order_number },
      product: { id: bought.productId },
    });
    const paged = await ctx.app.inject({
      url: '/api/admin/reviews?status=pending&per_page=1&page=2',
      headers: await fx.headersOf(catalogueStaff),
    });
    expect(paged.json<AdminReviewList>()).toMatchObject({ page: 2, per_page: 1 });
    expect(paged.json<AdminReviewList>().reviews).toHaveLength(1);

    // Still nothing public while they wait.
    expect((await publicReviews(bought.productId)).total).toBe(0);

    const approved = await moderate(catalogueStaff, first.id, {
      status: 'approved',
      reply: 'Obrigada, Ana! <script>x</script>Volte sempre: www.loja.com.br',
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json<ModerateReviewAnswer>()).toMatchObject({
      message: 'Avaliação publicada na página do produto.',
      review: {
        status: 'approved',
        status_label: 'Publicada',
        reply: { text: 'Obrigada, Ana! Volte sempre:' },
      },
    });
    await moderate(owner, other.id, { status: 'approved' });

    // The cached answer and page were dropped: the next read shows them.
    const shown = await publicReviews(bought.productId);
    expect(shown).toMatchObject({ summary: { average: 4.5, count: 2 }, total: 2 });
    const mine = shown.reviews.find((r) => r.id === first.id);
    expect(mine).toEqual({
      id: first.id,
      author: 'Ana',
      variant_label: 'Diâmetro: 8 mm',
      rating: 5,
      text: 'Perfeita, não pesa.',
      created_at: expect.any(String) as string,
      photo_url: null,
      photo_thumb_url: null,
      reply: { text: 'Obrigada, Ana! Volte sempre:', replied_at: expect.any(String) as string },
    });
    expect(shown.reviews.find((r) => r.id === other.id)).toMatchObject({
      variant_label: 'Diâmetro: 10 mm',
    });
    // The first name only: no surname, no e-mail.
    expect(JSON.stringify(shown)).not.toMatch(/Souza|@example\.com/);

    const jsonLd = await productJsonLd(bought.productId);
    expect(jsonLd).toMatchObject({
      aggregateRating: {
        '@type': 'AggregateRating',
        ratingValue: 4.5,
        reviewCount: 2,
        bestRating: 5,
        worstRating: 1,
      },
    });
    expect(jsonLd.review).toEqual(
      expect.arrayContaining([
        {
          '@type': 'Review',
          author: { '@type': 'Person', name: 'Ana' },
          datePublished: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) as string,
          reviewBody: 'Perfeita, não pesa.',
          reviewRating: { '@type': 'Rating', ratingValue: 5, bestRating: 5, worstRating: 1 },
        },
      ]),
    );

    // Hidden: gone from the list, the mean and the JSON-LD; the reply stays unless changed.
    const hidden = await moderate(owner, other.id, { status: 'hidden' });
    expect(hidden.json<ModerateReviewAnswer>()).toMatchObject({
      message: 'Avaliação ocultada da página do produto.',
      review: { status: 'hidden' },
    });
    expect(await publicReviews(bought.productId)).toMatchObject({
      summary: { average: 5, count: 1 },
      total: 1,
    });
    expect((await productJsonLd(bought.productId)).aggregateRating).toMatchObject({
      ratingValue: 5,
      reviewCount: 1,
    });
    const unreplied = await moderate(owner, first.id, { status: 'approved', reply: null });
    expect(unreplied.json<ModerateReviewAnswer>().review.reply).toBeNull();
  });

  it('refuses bad moderation with pt-BR messages, and unknown products and reviews with 404', async () => {
    const bought = await boughtRing();
    const { id } = (
      await review(bought.buyer, bought.order.id, {
        review: { product_id: bought.productId, rating: 3 },
      })
    ).json<CreateReviewResponse>().review;
    const pending = await moderate(owner, id, { status: 'pending' });
    expect(pending.statusCode).toBe(422);
    expect(pending.body).toContain('Situação inválida: use approved ou hidden.');
    const long = await moderate(owner, id, { status: 'approved', reply: 'x'.repeat(1001) });
    expect(long.statusCode).toBe(422);
    expect(long.body).toContain('A resposta deve ter no máximo 1000 caracteres.');
    const unknown = await moderate(owner, 999_999, { status: 'approved' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ message: 'Avaliação não encontrada.' });
    expect((await moderate(owner, Number.NaN, { status: 'approved' })).statusCode).toBe(404);
    expect((await moderate(bought.buyer, id, { status: 'approved' })).statusCode).toBe(403);

    expect((await ctx.app.inject({ url: '/api/products/999999/reviews' })).statusCode).toBe(404);
    expect((await ctx.app.inject({ url: '/api/products/abc/reviews' })).statusCode).toBe(404);
    const badPage = await ctx.app.inject({
      url: `/api/products/${bought.productId}/reviews?page=0`,
    });
    expect(badPage.statusCode).toBe(422);
    expect(badPage.body).toContain('Página inválida');
  });
});

describe('LGPD', () => {
  it("exports a person's reviews, and erasure removes them, published ones and photos included", async () => {
    const bought = await boughtRing();
    const { id } = (
      await review(bought.buyer, bought.order.id, {
        review: { product_id: bought.productId, rating: 5, text: 'Uso todo dia.' },
      })
    ).json<CreateReviewResponse>().review;
    const sent = await uploadPhoto(
      bought.buyer,
      bought.order.id,
      id,
      multipart(await png(), 'minha.png', 'image/png'),
    );
    const photo = sent.json<CreateReviewResponse>().review.photo_url ?? '';
    await moderate(owner, id, { status: 'approved', reply: 'Que bom!' });
    expect((await publicReviews(bought.productId)).total).toBe(1);

    const exported = await fx.call(bought.buyer, 'GET', '/users/me/export');
    expect(exported.json<DataExport>().reviews).toEqual([
      {
        product_name: expect.any(String) as string,
        order_number: bought.order.order_number,
        rating: 5,
        text: 'Uso todo dia.',
        author: 'Ana',
        variant: 'Diâmetro: 8 mm',
        status: 'Publicada',
        photo_url: photo,
        reply: 'Que bom!',
        created_at: expect.any(String) as string,
      },
    ]);

    const asked = await fx.call(bought.buyer, 'POST', '/privacy_requests', { type: 'deletion' });
    expect(asked.statusCode).toBe(201);
    const requestId = asked.json<{ request: { id: number } }>().request.id;
    const done = await fx.call(owner, 'POST', `/admin/privacy_requests/${requestId}/complete`, {});
    expect(done.statusCode, done.body).toBe(200);

    expect(await publicReviews(bought.productId)).toMatchObject({
      reviews: [],
      summary: { count: 0 },
    });
    expect(await productJsonLd(bought.productId)).not.toHaveProperty('aggregateRating');
    const queue = await ctx.app.inject({
      url: '/api/admin/reviews',
      headers: await fx.headersOf(owner),
    });
    expect(queue.json<AdminReviewList>().reviews.map((r) => r.id)).not.toContain(id);

    // The photo's files outlive the row until the reviews' job passes, an hour later at least.
    expect(existsSync(join(dataDir, photo))).toBe(true);
    expect(await ctx.app.reviews.sweepPhotos()).toBe(0);
    clock = new Date(clock.getTime() + 2 * 60 * 60 * 1000);
    expect(await ctx.app.reviews.sweepPhotos()).toBeGreaterThanOrEqual(1);
    expect(existsSync(join(dataDir, photo))).toBe(false);
    expect(existsSync(join(dataDir, photo.replace('.webp', '-480.webp')))).toBe(false);
    // Photos of reviews still there are kept.
    const kept = (
      await ctx.app.inject({ url: '/api/admin/reviews', headers: await fx.headersOf(owner) })
    )
      .json<AdminReviewList>()
      .reviews.flatMap((r) => (r.photo_url ? [r.photo_url] : []));
    for (const url of kept) expect(existsSync(join(dataDir, url)), url).toBe(true);
  });
});
