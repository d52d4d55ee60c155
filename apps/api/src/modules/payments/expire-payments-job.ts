import type { JobDefinition } from '../../jobs/job-runner.ts';
import type { PaymentService } from './service.ts';

export const EXPIRE_PAYMENTS_JOB = 'expire-pix-payments';

/**
 * Every minute (cron's finest step), one run across all API processes: PIX charges and orders
 * past their 30 minutes are cancelled and their stock returned. A charge therefore lives at most
 * about a minute longer than its deadline; the pages and calls that meet an overdue charge
 * expire it on the spot, so nobody can pay it in that minute.
 */
export function expirePaymentsJob(payments: Pick<PaymentService, 'expireOverdue'>): JobDefinition {
  return {
    name: EXPIRE_PAYMENTS_JOB,
    schedule: { cron: '* * * * *' },
    policy: 'singleton',
    expireInSeconds: 5 * 60,
    async run(_data, { log }) {
      const expired = await payments.expireOverdue();
      if (expired.payments > 0 || expired.orders > 0) log.info(expired, 'overdue PIX expired');
    },
  };
}
