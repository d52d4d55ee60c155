// The e-mail asking for reviews, on an injected clock: seven days after delivery, once per order
// whatever the number of processes scanning at once, through the outbox to a real SMTP server.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../db/schema/mail-outbox.ts';
import {
  startTestSmtpServer,
  type TestSmtpServer,
} from '../../integrations/mail/test-smtp-server.ts';
import { returnsFixture, TRACKING, type ReturnsFixture } from '../../test/returns.ts';
import { createTestContext, type TestContext } from '../../test/test-app.ts';
import { createUser } from '../../test/user-builder.ts';
import type { UserRow } from '../../db/schema/users.ts';
import { createRecordingLogger } from '../../jobs/testing.ts';

const APP_URL = 'https://loja.example.com';
const DAY = 24 * 60 * 60 * 1000;
const MINUTE = 60 * 1000;

let smtp: TestSmtpServer;
let dataDir: string;
let ctx: TestContext;
/** A second API process on the same database, as WEB_CONCURRENCY runs them. */
let other: TestContext;
let fx: ReturnsFixture;
let clock = new Date('2026-11-02T15:00:00Z');
let owner: UserRow;

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  // The job also sweeps DATA_DIR/uploads/reviews: never the repository's own data folder.
  dataDir = mkdtempSync(join(tmpdir(), 'lumina-review-requests-'));
  const env = { SMTP_URL: smtp.url, APP_URL, PIX_KEY: 'loja@example.com', DATA_DIR: dataDir };
  ctx = await createTestContext({ env, now: () => clock });
  other = await createTestContext({ env, now: () => clock, database: ctx.database });
  fx = returnsFixture(ctx.app, ctx.database);
  owner = await createUser(ctx.database, { role: 'admin' });
});

afterAll(async () => {
  // The second process shares the database: only its app closes.
  await other?.app.close();
  await ctx?.close();
  await smtp?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** An order of one ring, delivered at the clock's current time. */
async function deliveredOrder(options: { email?: string } = {}) {
  const ring = await fx.ring();
  const placed = await fx.placed(
    [{ productId: ring.productId, variantId: ring.ten, quantity: 1 }],
    options,
  );
  await fx.adminAct(owner, placed.order.id, 'confirm_payment');
  await fx.adminAct(owner, placed.order.id, 'ship', { tracking_code: TRACKING });
  await fx.adminAct(owner, placed.order.id, 'deliver');
  return { ...ring, ...placed };
}

function requestMails(orderId: number) {
  return ctx.database.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.dedupeKey, `review-request:${orderId}`));
}

async function sentSubjects(to: string): Promise<string[]> {
  await ctx.app.outbox.deliverDue();
  return smtp.received.filter((mail) => mail.recipients.includes(to)).map((mail) => mail.subject);
}

describe('the e-mail asking for reviews', () => {
  it('goes seven days after delivery, once, with a link to the review page', async () => {
    const start = clock;
    const order = await deliveredOrder({ email: 'semana@example.com' });
    await ctx.app.outbox.deliverDue();
    smtp.clear();

    clock = new Date(start.getTime() + 7 * DAY - MINUTE);
    expect(await ctx.app.reviews.sendDueRequests()).toBe(0);
    expect(await sentSubjects('semana@example.com')).toEqual([]);

    clock = new Date(start.getTime() + 7 * DAY + MINUTE);
    expect(await ctx.app.reviews.sendDueRequests()).toBe(1);
    const mail = await smtp.waitForMail('semana@example.com');
    await ctx.app.outbox.deliverDue();
    expect(mail.subject).toBe(
      `O que você achou do pedido ${order.order.order_number}? Avalie na Lumina Piercings`,
    );
    expect(mail.text).toContain('Olá, Ana!');
    expect(mail.text).toContain(
      `Seu pedido ${order.order.order_number} foi entregue em ${start.toLocaleDateString('pt-BR', { timeZone: 'America/Sao_Paulo' })}.`,
    );
    expect(mail.text).toContain('• Argola Devolução');
    expect(mail.text).toContain('(Diâmetro: 10 mm)');
    expect(mail.text).toContain(
      `Avaliar o produto: ${APP_URL}/minha-conta/pedidos/${order.order.id}/avaliar`,
    );
    expect(mail.html).toContain(
      `<a href="${APP_URL}/minha-conta/pedidos/${order.order.id}/avaliar">`,
    );
    expect(mail.text).toContain('com o seu primeiro nome e a variação comprada');

    // Hours and days later, nothing more.
    for (const later of [1, 24, 72]) {
      clock = new Date(start.getTime() + 7 * DAY + later * 60 * MINUTE);
      expect(await ctx.app.reviews.sendDueRequests()).toBe(0);
    }
    expect(await sentSubjects('semana@example.com')).toHaveLength(1);
  });

  it('is queued once when two processes scan at the same moment', async () => {
    const start = clock;
    const order = await deliveredOrder();
    clock = new Date(start.getTime() + 8 * DAY);
    const [here, there] = await Promise.all([
      ctx.app.reviews.sendDueRequests(),
      other.app.reviews.sendDueRequests(),
    ]);
    expect(here + there).toBe(1);
    expect(await requestMails(order.order.id)).toHaveLength(1);
    expect(
      (
        await Promise.all([ctx.app.reviews.sendDueRequests(), other.app.reviews.sendDueRequests()])
      ).reduce((sum, n) => sum + n, 0),
    ).toBe(0);
  });

  it('skips orders not delivered, delivered over 30 days ago, or already reviewed', async () => {
    const start = clock;
    const shipped = await fx.ring();
    const onTheWay = await fx.placed([
      { productId: shipped.productId, variantId: shipped.eight, quantity: 1 },
    ]);
    await fx.adminAct(owner, onTheWay.order.id, 'confirm_payment');
    await fx.adminAct(owner, onTheWay.order.id, 'ship', { tracking_code: TRACKING });
    const old = await deliveredOrder();
    clock = new Date(start.getTime() + 25 * DAY);
    const reviewedEarly = await deliveredOrder();
    const answer = await fx.call(
      reviewedEarly.buyer,
      'POST',
      `/orders/${reviewedEarly.order.id}/reviews`,
      {
        review: { product_id: reviewedEarly.productId, rating: 5, text: 'Nem esperei o e-mail.' },
      },
    );
    expect(answer.statusCode, answer.body).toBe(201);

    // The old order's seventh day passed while no process ran; past 30 days it is let go.
    clock = new Date(start.getTime() + 33 * DAY);
    expect(await ctx.app.reviews.sendDueRequests()).toBe(0);
    for (const id of [onTheWay.order.id, old.order.id, reviewedEarly.order.id]) {
      expect(await requestMails(id), String(id)).toEqual([]);
    }
  });

  it('runs as the hourly job the API schedules', async () => {
    const start = clock;
    const order = await deliveredOrder();
    clock = new Date(start.getTime() + 7 * DAY + 2 * MINUTE);
    const [job] = ctx.app.reviews.jobs();
    expect(job).toMatchObject({ name: 'review-requests', schedule: { cron: '23 * * * *' } });
    const logger = createRecordingLogger();
    await job?.run({}, { jobId: 'teste', log: logger });
    expect(await requestMails(order.order.id)).toHaveLength(1);
    expect(logger.lines).toEqual([
      expect.objectContaining({
        message: 'review requests queued',
        details: { sent: 1, swept: 0 },
      }),
    ]);
    const queued = await ctx.database.db
      .select({ key: mailOutbox.dedupeKey })
      .from(mailOutbox)
      .where(like(mailOutbox.dedupeKey, 'review-request:%'));
    expect(new Set(queued.map((row) => row.key)).size).toBe(queued.length);
  });
});
