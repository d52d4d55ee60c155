import type { JobDefinition } from '../../jobs/job-runner.ts';
import type { LabelService } from './label-service.ts';
import type { Tracking } from './tracking.ts';

export const LABEL_TRACKING_JOB = 'melhor-envio-tracking';
export const LABEL_RETRY_JOB = 'melhor-envio-label-retry';

/**
 * The label side's background work: every 30 minutes the parcels still on their way are asked
 * about (webhooks get lost), and every 10 minutes the purchases an outage stopped halfway are
 * taken up again. Both do nothing while Melhor Envio is not connected.
 */
export function labelJobs(deps: {
  labels: Pick<LabelService, 'retryStuck'>;
  tracking: Pick<Tracking, 'pollOpenLabels'>;
}): JobDefinition[] {
  return [
    {
      name: LABEL_TRACKING_JOB,
      schedule: { cron: '*/30 * * * *' },
      policy: 'singleton',
      async run(_data, { log }) {
        const outcome = await deps.tracking.pollOpenLabels();
        if (outcome.asked > 0) log.info({ ...outcome }, 'melhor envio tracking polled');
      },
    },
    {
      name: LABEL_RETRY_JOB,
      schedule: { cron: '*/10 * * * *' },
      policy: 'singleton',
      async run(_data, { log }) {
        const outcome = await deps.labels.retryStuck();
        if (outcome.resumed > 0) log.info({ ...outcome }, 'stuck labels taken up again');
      },
    },
  ];
}
