import type { JobDefinition } from '../../jobs/job-runner.ts';
import type { WhatsAppOutbox } from './outbox.ts';

export const WHATSAPP_OUTBOX_JOB = 'whatsapp-outbox';

/**
 * Every minute, one run across all API processes: WhatsApp messages whose send failed (and are
 * due again), or whose process died before sending them, are sent. The process that made the
 * change sends at once; this is the safety net, as for the e-mails.
 */
export function whatsappOutboxJob(outbox: Pick<WhatsAppOutbox, 'deliverDue'>): JobDefinition {
  return {
    name: WHATSAPP_OUTBOX_JOB,
    schedule: { cron: '* * * * *' },
    policy: 'singleton',
    expireInSeconds: 5 * 60,
    async run(_data, { log }) {
      const sent = await outbox.deliverDue();
      if (sent > 0) log.info({ sent }, 'outbox WhatsApp messages sent');
    },
  };
}
