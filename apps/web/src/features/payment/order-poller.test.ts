import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OrderStatusResponse } from '../../lib/payment/payment-api.ts';
import { startOrderPoller, type PollSnapshot } from './order-poller.ts';
import { createOrderStatus } from './testing/payment-fixtures.tsx';

type Answer = OrderStatusResponse | Error;

function poll(answers: Answer[], options: { intervalMs?: number; maxChecks?: number } = {}) {
  const snapshots: PollSnapshot[] = [];
  const check = vi.fn(() => {
    const next = answers.length > 1 ? answers.shift()! : answers[0]!;
    return next instanceof Error ? Promise.reject(next) : Promise.resolve(next);
  });
  const poller = startOrderPoller({
    check,
    intervalMs: options.intervalMs ?? 10_000,
    maxChecks: options.maxChecks ?? 3,
    onChange: (snapshot) => snapshots.push(snapshot),
  });
  const last = () => snapshots.at(-1);
  return { check, poller, snapshots, last };
}

const pending = createOrderStatus();

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('startOrderPoller', () => {
  it('checks once per interval, waiting a first interval', async () => {
    const { check, poller } = poll([pending]);
    await vi.advanceTimersByTimeAsync(9_999);
    expect(check).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(check).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(check).toHaveBeenCalledTimes(2);
    poller.stop();
  });

  it.each(['approved', 'processing', 'rejected', 'cancelled'])(
    'stops on payment status %s',
    async (paymentStatus) => {
      const { check, last } = poll(
        [pending, createOrderStatus({ payment_status: paymentStatus })],
        {
          maxChecks: 10,
        },
      );
      await vi.advanceTimersByTimeAsync(60_000);
      expect(check).toHaveBeenCalledTimes(2);
      expect(last()).toMatchObject({ phase: 'done', checks: 2, failed: false });
      expect(last()?.response?.payment_status).toBe(paymentStatus);
    },
  );

  it('stops on a completed order', async () => {
    const { check, last } = poll([createOrderStatus({ status: 'completed' })]);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(check).toHaveBeenCalledTimes(1);
    expect(last()?.phase).toBe('done');
  });

  it('gives up after maxChecks with the order still open: timeout', async () => {
    const { check, last } = poll([pending], { maxChecks: 3 });
    await vi.advanceTimersByTimeAsync(100_000);
    expect(check).toHaveBeenCalledTimes(3);
    expect(last()).toMatchObject({ phase: 'timeout', checks: 3 });
  });

  it("reports 'error' when the checks are still failing at the limit, keeping the last answer", async () => {
    const { check, last, snapshots } = poll([pending, new Error('down')], { maxChecks: 3 });
    await vi.advanceTimersByTimeAsync(100_000);
    expect(check).toHaveBeenCalledTimes(3);
    // A failed check alone does not stop anything.
    expect(snapshots.map((s) => s.phase)).toEqual(['polling', 'polling', 'error']);
    expect(last()).toMatchObject({ phase: 'error', failed: true, response: pending });
  });

  it('checks at once on checkNow without using up a scheduled check, then waits a full interval', async () => {
    const { check, poller, last } = poll([pending], { maxChecks: 2 });
    await vi.advanceTimersByTimeAsync(6_000);
    await poller.checkNow();
    expect(check).toHaveBeenCalledTimes(1);
    expect(last()?.checks).toBe(0);
    await vi.advanceTimersByTimeAsync(9_999);
    expect(check).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(check).toHaveBeenCalledTimes(2);
    poller.stop();
  });

  it('a manual check after the limit can still find the final status', async () => {
    const answers: Answer[] = [pending];
    const { poller, last } = poll(answers, { maxChecks: 1 });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(last()?.phase).toBe('timeout');
    answers[0] = createOrderStatus({ payment_status: 'approved' });
    await poller.checkNow();
    expect(last()?.phase).toBe('done');
  });

  it('stop() cancels the scheduled checks', async () => {
    const { check, poller, snapshots } = poll([pending]);
    poller.stop();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(check).not.toHaveBeenCalled();
    expect(snapshots).toEqual([]);
  });
});
