import type { JobDefinition } from '../../jobs/job-runner.ts';
import type { PaymentService } from './service.ts';

export const RECONCILE_PAYMENTS_JOB = 'reconcile-pix-payments';

/**
 * Every minute (PIX_RECONCILE_SECONDS), one run across all API processes: the open charges of a
 * provider whose webhook may be lost (the bank's API Pix) are read back, so a PIX paid without a
 * notification is applied within about a minute. With the other providers the run finds nothing
 * to do. Another period than a minute (the browser tests take 5 s) is kept by each process's
 * timer instead of a cron.
 */
export function reconcilePaymentsJob(
  payments: Pick<PaymentService, 'reconcileOpen'>,
  intervalSeconds = 60,
): JobDefinition {
  return {
    name: RECONCILE_PAYMENTS_JOB,
    schedule: intervalSeconds === 60 ? { cron: '* * * * *' } : { everySeconds: intervalSeconds },
    policy: 'singleton',
    expireInSeconds: 5 * 60,
    async run(_data, { log }) {
      const result = await payments.reconcileOpen();
      if (result.updated > 0) log.info(result, 'open PIX charges reconciled');
    },
  };
}
