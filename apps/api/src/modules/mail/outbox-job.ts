import type { JobDefinition } from '../../jobs/job-runner.ts';
import type { MailOutbox } from './outbox.ts';

export const MAIL_OUTBOX_JOB = 'mail-outbox';

/**
 * Every minute, one run across all API processes: e-mails whose first attempt failed, or whose
 * process died before sending them, are sent. The process that made a change sends its e-mails
 * at once; this job is the safety net.
 */
export function mailOutboxJob(outbox: Pick<MailOutbox, 'deliverDue'>): JobDefinition {
  return {
    name: MAIL_OUTBOX_JOB,
    schedule: { cron: '* * * * *' },
    policy: 'singleton',
    expireInSeconds: 5 * 60,
    async run(_data, { log }) {
      const sent = await outbox.deliverDue();
      if (sent > 0) log.info({ sent }, 'outbox e-mails sent');
    },
  };
}
