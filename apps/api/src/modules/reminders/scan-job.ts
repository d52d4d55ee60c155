import type { JobDefinition } from '../../jobs/job-runner.ts';
import type { ReminderService } from './service.ts';

export const REMINDER_SCAN_JOB = 'scan-reminders';

/**
 * Every 5 minutes (REMINDER_SCAN_SECONDS), one run across all API processes: carts and expired
 * PIX that waited the settings' hours begin their sequence and the e-mails due are queued. The
 * singleton policy keeps runs from overlapping, and the claims in the database keep each e-mail
 * to one even if two ever do. Another period than 300 s (the browser tests take 5 s) is kept by
 * each process's timer instead of a cron.
 */
export function reminderScanJob(
  reminders: Pick<ReminderService, 'scan'>,
  intervalSeconds = 300,
): JobDefinition {
  return {
    name: REMINDER_SCAN_JOB,
    schedule: intervalSeconds === 300 ? { cron: '*/5 * * * *' } : { everySeconds: intervalSeconds },
    policy: 'singleton',
    expireInSeconds: 10 * 60,
    async run(_data, { log }) {
      const result = await reminders.scan();
      if (result.started > 0 || result.sent > 0 || result.stopped > 0) {
        log.info({ ...result }, 'reminders scanned');
      }
    },
  };
}
