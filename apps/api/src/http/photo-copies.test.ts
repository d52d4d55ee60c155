import { watch } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/test-app.ts';
import { PHOTO_COPY_NOT_FOUND } from './photo-copies.ts';

let ctx: TestContext;
let dataDir: string;
let productsDir: string;
let sequence = 0;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'lumina-copies-'));
  ctx = await createTestContext({ env: { DATA_DIR: dataDir } });
  productsDir = join(dataDir, 'uploads', 'products');
  await mkdir(productsDir, { recursive: true });
});

afterAll(async () => {
  await ctx?.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** A photo stored before the 800 px copy existed: its page size and card copy only. */
async function olderPhoto(): Promise<string> {
  sequence += 1;
  const id = sequence.toString(16).padStart(24, 'c');
  const page = sharp({ create: { width: 1200, height: 900, channels: 3, background: '#c08040' } });
  await page
    .clone()
    .webp()
    .toFile(join(productsDir, `${id}.webp`));
  await page
    .clone()
    .resize({ width: 480 })
    .webp()
    .toFile(join(productsDir, `${id}-480.webp`));
  return id;
}

describe('product photo copies', () => {
  it('are made from the page size on the first request for a photo stored without them, and kept', async () => {
    const id = await olderPhoto();
    const answer = await ctx.app.inject(`/uploads/products/${id}-800.webp`);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.headers['content-type']).toBe('image/webp');
    expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    expect(await sharp(answer.rawPayload).metadata()).toMatchObject({
      format: 'webp',
      width: 800,
      height: 600,
    });
    const stored = await readFile(join(productsDir, `${id}-800.webp`));
    expect(stored.equals(answer.rawPayload)).toBe(true);
  });

  it('are made once when many first requests arrive together', async () => {
    const id = await olderPhoto();
    // Every write lands under a temporary name of its own first: one name is one sharp run.
    const written = new Set<string>();
    const watcher = watch(productsDir, (_event, name) => {
      if (name?.startsWith(`${id}-800`) && name.endsWith('.tmp')) written.add(name);
    });
    try {
      const answers = await Promise.all(
        Array.from({ length: 6 }, () => ctx.app.inject(`/uploads/products/${id}-800.webp`)),
      );
      for (const answer of answers) expect(answer.statusCode).toBe(200);
      expect(new Set(answers.map((answer) => answer.body)).size).toBe(1);
    } finally {
      watcher.close();
    }
    expect(written.size).toBe(1);
  });

  it('serve a stored copy as it is', async () => {
    const id = await olderPhoto();
    const bytes = await sharp({
      create: { width: 800, height: 10, channels: 3, background: '#000' },
    })
      .webp()
      .toBuffer();
    await writeFile(join(productsDir, `${id}-800.webp`), bytes);
    const answer = await ctx.app.inject(`/uploads/products/${id}-800.webp`);
    expect(answer.statusCode).toBe(200);
    expect(answer.rawPayload.equals(bytes)).toBe(true);
    const card = await ctx.app.inject(`/uploads/products/${id}-480.webp`);
    expect(await sharp(card.rawPayload).metadata()).toMatchObject({ width: 480, height: 360 });
  });

  it('answer 404 for a photo the shop does not have, and for widths it does not make', async () => {
    const missing = await ctx.app.inject(`/uploads/products/${'d'.repeat(24)}-800.webp`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ message: PHOTO_COPY_NOT_FOUND });

    const id = await olderPhoto();
    const other = await ctx.app.inject(`/uploads/products/${id}-640.webp`);
    expect(other.statusCode).toBe(404);
    expect(await readFile(join(productsDir, `${id}-640.webp`)).catch(() => null)).toBeNull();
  });
});
