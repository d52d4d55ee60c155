import { STORE_TIME_ZONE } from '@lumina/shared/validation/calendar-date';
import type { Db } from '../../db/database.ts';
import type { JobDefinition } from '../../jobs/job-runner.ts';
import { createStockAlertRepository } from './repository.ts';

export const PURGE_STOCK_ALERTS_JOB = 'purge-stock-alerts';

/**
 * Daily at 03:37 São Paulo time (quiet, off the round hour and the carts' purge): the addresses
 * of visitors who never confirmed, of alerts waiting too long and of alerts already sent go
 * (repository.ts, STOCK_ALERT_RETENTION).
 */
export function purgeStockAlertsJob(deps: { db: Db; now: () => Date }): JobDefinition {
  return {
    name: PURGE_STOCK_ALERTS_JOB,
    schedule: { cron: '37 3 * * *', timezone: STORE_TIME_ZONE },
    async run(_data, { log }) {
      const purged = await createStockAlertRepository(deps.db).purge(deps.now());
      log.info({ purged }, 'stock alerts past retention purged');
    },
  };
}
