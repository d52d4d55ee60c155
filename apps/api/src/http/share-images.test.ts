import { watch } from 'node:fs';
import { mkdir, mkdtemp, rm, unlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/test-app.ts';
import { SHARE_IMAGE_TOO_MANY } from './share-images.ts';

/** Previews a client may ask for in a minute in these tests (PAGE_RATE_LIMIT_MAX). */
const LIMIT = 20;

let ctx: TestContext;
let dataDir: string;
let sequence = 0;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'lumina-share-'));
  ctx = await createTestContext({
    env: { DATA_DIR: dataDir, PAGE_RATE_LIMIT_MAX: String(LIMIT) },
  });
  await mkdir(join(dataDir, 'uploads', 'share'), { recursive: true });
});

afterAll(async () => {
  await ctx?.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** A stored product photo, as the panel keeps it (uploads/products/{id}.webp). */
async function storedPhoto(): Promise<string> {
  sequence += 1;
  const id = sequence.toString(16).padStart(24, 'a');
  await sharp({ create: { width: 900, height: 700, channels: 3, background: '#c08040' } })
    .webp()
    .toFile(join(dataDir, 'uploads', 'products', `${id}.webp`));
  return id;
}

const preview = (id: string, remoteAddress = '203.0.113.1') =>
  ctx.app.inject({ url: `/uploads/share/${id}.jpg`, remoteAddress });

describe('preview JPEGs', () => {
  beforeAll(async () => {
    await mkdir(join(dataDir, 'uploads', 'products'), { recursive: true });
  });

  it('are made once when many first requests arrive together', async () => {
    const id = await storedPhoto();
    // Every write lands under a temporary name of its own first: one name is one sharp run.
    const written = new Set<string>();
    const watcher = watch(join(dataDir, 'uploads', 'share'), (_event, name) => {
      if (name?.endsWith('.tmp')) written.add(name);
    });
    try {
      const answers = await Promise.all(
        Array.from({ length: 8 }, (_, i) => preview(id, `203.0.113.${10 + i}`)),
      );
      for (const answer of answers) {
        expect(answer.statusCode, answer.body).toBe(200);
        expect(answer.rawPayload.equals(answers[0]!.rawPayload)).toBe(true);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    } finally {
      watcher.close();
    }
    expect(written.size).toBe(1);
  });

  it('are read from the stored JPEG without looking for the photo again', async () => {
    const id = await storedPhoto();
    const first = await preview(id);
    expect(first.statusCode).toBe(200);
    // The photo is not consulted for a preview already made (one file operation).
    await unlink(join(dataDir, 'uploads', 'products', `${id}.webp`));
    const again = await preview(id);
    expect(again.statusCode).toBe(200);
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
  });

  it('are limited per client, with Retry-After and a pt-BR message', async () => {
    const id = await storedPhoto();
    for (let i = 0; i < LIMIT; i++) {
      expect((await preview(id, '198.51.100.77')).statusCode).toBe(200);
    }
    const refused = await preview(id, '198.51.100.77');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json()).toMatchObject({ message: SHARE_IMAGE_TOO_MANY });
    // Another client still gets it.
    expect((await preview(id, '198.51.100.78')).statusCode).toBe(200);
  });
});
