import type { JobDefinition } from '../../jobs/job-runner.ts';
import type { BackupService } from './service.ts';

export const NIGHTLY_BACKUP_JOB = 'nightly-backup';

/**
 * At 03:00 in São Paulo, the quietest hour of a Brazilian shop, one run across all API processes
 * (the schedule queues one job per tick). A failed attempt is tried once more ten minutes later.
 */
export function nightlyBackupJob(backups: Pick<BackupService, 'takeBackup'>): JobDefinition {
  return {
    name: NIGHTLY_BACKUP_JOB,
    schedule: { cron: '0 3 * * *' },
    policy: 'singleton',
    retryLimit: 1,
    retryDelaySeconds: 10 * 60,
    expireInSeconds: 30 * 60,
    async run() {
      await backups.takeBackup('nightly');
    },
  };
}
