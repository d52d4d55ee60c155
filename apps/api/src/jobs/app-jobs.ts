import type { Db } from '../db/database.ts';
import { purgeAnonymousCartsJob } from '../modules/carts/purge-anonymous-carts.ts';
import type { JobDefinition } from './job-runner.ts';

export interface AppJobDeps {
  db: Db;
  now: () => Date;
}

/** Every background job of the API, declared by the module it belongs to. */
export function appJobs(deps: AppJobDeps): JobDefinition[] {
  return [purgeAnonymousCartsJob(deps)];
}
