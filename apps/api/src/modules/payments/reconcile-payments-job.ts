import type { JobDefinition } from '../../jobs/job-runner.ts';
import type { PaymentService } from './service.ts';

export const RECONCILE_PAYMENTS_JOB = 'reconcile-pix-payments';

/**
 * Every minute, one run across all API processes: the open charges of a provider whose webhook
 * may be lost (the bank's API Pix) are read back, so a PIX paid without a notification is applied
 * within about a minute. With the other providers the run finds nothing to do.
 */
export function reconcilePaymentsJob(
  payments: Pick<PaymentService, 'reconcileOpen'>,
): JobDefinition {
  return {
    name: RECONCILE_PAYMENTS_JOB,
    schedule: { cron: '* * * * *' },
    policy: 'singleton',
    expireInSeconds: 5 * 60,
    async run(_data, { log }) {
      const result = await payments.reconcileOpen();
      if (result.updated > 0) log.info(result, 'open PIX charges reconciled');
    },
  };
}
