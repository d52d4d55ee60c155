import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shopper } from '../../../test/checkout.ts';
import { createTestContext, type TestContext } from '../../../test/test-app.ts';
import { bearerHeader, createUser, signIn } from '../../../test/user-builder.ts';
import { SHARE_IMAGE_NOT_FOUND, SHARE_IMAGE_SIZE } from '../../../http/share-images.ts';
import { PHOTO_MESSAGES, sniffPhotoFormat } from './photos.ts';

interface ProductJson {
  product: { id: number; images: string[] };
}

let ctx: TestContext;
let admin: Record<string, string>;
let dataDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'lumina-photos-'));
  ctx = await createTestContext({ catalogCacheTtlMs: 60_000, env: { DATA_DIR: dataDir } });
  const user = await createUser(ctx.database, { role: 'admin' });
  admin = bearerHeader((await signIn(ctx.app, user)).access_token);
});

afterAll(async () => {
  await ctx?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** A multipart/form-data body as a browser's FormData sends it. */
function multipart(bytes: Buffer, filename: string, type: string, field = 'image') {
  const boundary = `----lumina${randomBytes(8).toString('hex')}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

function photo(format: 'jpeg' | 'png' | 'webp', width = 2000, height = 1500) {
  return sharp({
    create: { width, height, channels: 3, background: { r: 200, g: 160, b: 90 } },
  })
    .toFormat(format)
    .withMetadata({ exif: { IFD0: { Copyright: 'camera-secret-gps' } } })
    .toBuffer();
}

async function newProduct(): Promise<number> {
  const created = await ctx.app.inject({
    method: 'POST',
    url: '/api/products',
    headers: admin,
    payload: { product: { name: 'Argola com foto', price: '59,90', category: 'orelha' } },
  });
  expect(created.statusCode).toBe(201);
  return created.json<ProductJson>().product.id;
}

function upload(id: number, body: ReturnType<typeof multipart>, headers = admin) {
  return ctx.app.inject({
    method: 'POST',
    url: `/api/products/${id}/images`,
    headers: { ...headers, ...body.headers },
    payload: body.payload,
  });
}

describe('product photos', () => {
  it('knows the three formats by their first bytes, whatever the name says', async () => {
    expect(sniffPhotoFormat(await photo('jpeg', 10, 10))).toBe('jpeg');
    expect(sniffPhotoFormat(await photo('png', 10, 10))).toBe('png');
    expect(sniffPhotoFormat(await photo('webp', 10, 10))).toBe('webp');
    expect(sniffPhotoFormat(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(sniffPhotoFormat(Buffer.from('RIFF\0\0\0\0WAVE'))).toBeNull();
  });

  it('stores an upload as WebP in three sizes, shown by the storefront at once and cached for a year', async () => {
    const id = await newProduct();
    // The storefront's answer is cached before the upload.
    expect(
      (await ctx.app.inject(`/api/products/${id}`)).json<ProductJson>().product.images,
    ).toEqual([]);

    const uploaded = await upload(id, multipart(await photo('jpeg'), 'argola.jpg', 'image/jpeg'));
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const [url] = uploaded.json<ProductJson>().product.images;
    expect(url).toMatch(/^\/uploads\/products\/[a-f0-9]{24}\.webp$/);
    expect(
      (await ctx.app.inject(`/api/products/${id}`)).json<ProductJson>().product.images,
    ).toEqual([url]);

    const page = await ctx.app.inject(url!);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('image/webp');
    expect(page.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const pageMeta = await sharp(page.rawPayload).metadata();
    expect(pageMeta).toMatchObject({ format: 'webp', width: 1200, height: 900 });
    // No camera data goes out with the shop's photos.
    expect(pageMeta.exif).toBeUndefined();

    // Its copies are written with it, not made when first asked for.
    const name = url!.split('/').pop()!;
    for (const [width, height] of [
      [480, 360],
      [800, 600],
    ]) {
      const copyName = name.replace('.webp', `-${width}.webp`);
      expect(existsSync(join(dataDir, 'uploads', 'products', copyName))).toBe(true);
      const copy = await ctx.app.inject(url!.replace(name, copyName));
      expect(copy.statusCode).toBe(200);
      expect(copy.headers['content-type']).toBe('image/webp');
      expect(copy.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(await sharp(copy.rawPayload).metadata()).toMatchObject({ width, height });
    }
  });

  it('gives each photo a JPEG for link previews, made once on the first request', async () => {
    const id = await newProduct();
    // A PNG with transparency: WhatsApp gets it on white.
    const clear = await sharp({
      create: { width: 1600, height: 800, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .png()
      .toBuffer();
    const uploaded = await upload(id, multipart(clear, 'argola.png', 'image/png'));
    const [url] = uploaded.json<ProductJson>().product.images;
    const imageId = /([a-f0-9]{24})/.exec(url!)![1]!;
    const shareUrl = `/uploads/share/${imageId}.jpg`;
    const stored = join(dataDir, 'uploads', 'share', `${imageId}.jpg`);
    expect(existsSync(stored)).toBe(false);

    const first = await ctx.app.inject(shareUrl);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers['content-type']).toBe('image/jpeg');
    expect(first.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(first.headers['x-content-type-options']).toBe('nosniff');
    const meta = await sharp(first.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: SHARE_IMAGE_SIZE, height: 300 });
    const { data } = await sharp(first.rawPayload).raw().toBuffer({ resolveWithObject: true });
    expect([...data.subarray(0, 3)].every((value) => value > 245)).toBe(true);
    expect(existsSync(stored)).toBe(true);
    // Later previews are the stored file, byte for byte.
    expect((await ctx.app.inject(shareUrl)).rawPayload.equals(first.rawPayload)).toBe(true);

    for (const path of [
      '/uploads/share/ffffffffffffffffffffffff.jpg',
      `/uploads/share/${imageId}.png`,
      '/uploads/share/..%2Fproducts%2Fx.jpg',
      '/uploads/share/abc.jpg',
    ]) {
      const missing = await ctx.app.inject(path);
      expect(missing.statusCode, path).toBe(404);
      expect(missing.json(), path).toMatchObject({ message: SHARE_IMAGE_NOT_FOUND });
    }

    const removed = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/products/${id}/images/${imageId}`,
      headers: admin,
    });
    expect(removed.statusCode).toBe(200);
    expect(existsSync(stored)).toBe(false);
    expect((await ctx.app.inject(shareUrl)).statusCode).toBe(404);
  });

  it('takes PNG and WebP too and never enlarges a small photo', async () => {
    const id = await newProduct();
    expect(
      (await upload(id, multipart(await photo('png', 300, 200), 'a.png', 'image/png'))).statusCode,
    ).toBe(201);
    const second = await upload(
      id,
      multipart(await photo('webp', 300, 200), 'b.webp', 'image/webp'),
    );
    expect(second.statusCode).toBe(201);
    const { images } = second.json<ProductJson>().product;
    expect(images).toHaveLength(2);
    const meta = await sharp((await ctx.app.inject(images[1]!)).rawPayload).metadata();
    expect(meta).toMatchObject({ width: 300, height: 200 });
  });

  it('refuses an HTML or SVG file dressed as a photo, by its content', async () => {
    const id = await newProduct();
    const disguised = [
      multipart(Buffer.from('<html><script>alert(1)</script></html>'), 'foto.jpg', 'image/jpeg'),
      multipart(
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect/></svg>'),
        'foto.png',
        'image/png',
      ),
      // JPEG's first bytes followed by anything else: sharp cannot read it as a picture.
      multipart(
        Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(2000)]),
        'x.jpg',
        'image/jpeg',
      ),
      // A GIF is a real image, but not one the shop takes.
      multipart(Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;'), 'x.gif', 'image/gif'),
    ];
    for (const body of disguised) {
      const refused = await upload(id, body);
      expect(refused.statusCode, refused.body).toBe(415);
      expect(refused.json()).toMatchObject({ message: PHOTO_MESSAGES.notAnImage });
    }
    const product = await ctx.app.inject({ url: `/api/admin/products/${id}`, headers: admin });
    expect(product.json<ProductJson>().product.images).toEqual([]);
    expect(
      readdirSync(join(dataDir, 'uploads', 'products')).filter((f) => f.endsWith('.tmp')),
    ).toEqual([]);
  });

  it('refuses a file over 5 MB with a pt-BR message, and a request without a file', async () => {
    const id = await newProduct();
    const big = Buffer.concat([await photo('png', 10, 10), randomBytes(5 * 1024 * 1024)]);
    const tooBig = await upload(id, multipart(big, 'grande.png', 'image/png'));
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json()).toMatchObject({ message: PHOTO_MESSAGES.tooLarge });

    const json = await ctx.app.inject({
      method: 'POST',
      url: `/api/products/${id}/images`,
      headers: admin,
      payload: { image: 'x' },
    });
    expect(json.statusCode).toBe(415);
    expect(json.json()).toMatchObject({ message: PHOTO_MESSAGES.missing });
  });

  it('is for administrators only, and answers 404 for an unknown product', async () => {
    const customer = await shopper(ctx.app, ctx.database);
    const body = multipart(await photo('png', 20, 20), 'a.png', 'image/png');
    expect((await upload(1, body, {})).statusCode).toBe(401);
    expect((await upload(1, body, customer.headers)).statusCode).toBe(403);
    expect((await upload(999_999, body)).statusCode).toBe(404);
    const remove = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/products/1/images/0123456789abcdef01234567',
      headers: customer.headers,
    });
    expect(remove.statusCode).toBe(403);
  });

  it('removes a photo from the product and its files', async () => {
    const id = await newProduct();
    const uploaded = await upload(id, multipart(await photo('png', 50, 50), 'a.png', 'image/png'));
    const [url] = uploaded.json<ProductJson>().product.images;
    const imageId = /([a-f0-9]{24})/.exec(url!)![1]!;
    // The storefront's answer is cached before the removal.
    await ctx.app.inject(`/api/products/${id}`);

    const removed = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/products/${id}/images/${imageId}`,
      headers: admin,
    });
    expect(removed.statusCode).toBe(200);
    expect(removed.json<ProductJson>().product.images).toEqual([]);
    expect(
      (await ctx.app.inject(`/api/products/${id}`)).json<ProductJson>().product.images,
    ).toEqual([]);
    expect(existsSync(join(dataDir, 'uploads', 'products', `${imageId}.webp`))).toBe(false);
    expect((await ctx.app.inject(url!)).statusCode).toBe(404);

    const again = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/products/${id}/images/${imageId}`,
      headers: admin,
    });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({ message: PHOTO_MESSAGES.notFound });
  });

  it('removes the photo files of a deleted product', async () => {
    const id = await newProduct();
    const uploaded = await upload(id, multipart(await photo('png', 40, 40), 'a.png', 'image/png'));
    const [url] = uploaded.json<ProductJson>().product.images;
    const file = join(dataDir, 'uploads', 'products', url!.split('/').pop()!);
    expect(existsSync(file)).toBe(true);
    const removed = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/products/${id}`,
      headers: admin,
    });
    expect(removed.json()).toMatchObject({ retired: false });
    expect(existsSync(file)).toBe(false);
    expect(existsSync(file.replace('.webp', '-480.webp'))).toBe(false);
    expect(existsSync(file.replace('.webp', '-800.webp'))).toBe(false);
  });

  it('keeps at most 10 photos per product, even when they arrive together', async () => {
    const id = await newProduct();
    const bytes = await photo('png', 16, 16);
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => upload(id, multipart(bytes, 'a.png', 'image/png'))),
    );
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(10);
    expect(answers.filter((a) => a.statusCode === 422)).toHaveLength(2);
    const product = await ctx.app.inject({ url: `/api/admin/products/${id}`, headers: admin });
    expect(product.json<ProductJson>().product.images).toHaveLength(10);
    // Refused uploads leave no files behind.
    const files = readdirSync(join(dataDir, 'uploads', 'products'));
    for (const url of product.json<ProductJson>().product.images) {
      expect(files).toContain(url.split('/').pop());
    }
  });
});
