import type { BlingSyncSummary } from '@lumina/shared/admin/bling';
import { AppError } from '../../http/app-error.ts';
import { BlingAuthError, BlingUnavailableError } from '../../integrations/bling/bling-client.ts';

/** The summary of a sync run that has not done anything yet. */
export function emptySummary(kind: BlingSyncSummary['kind']): BlingSyncSummary {
  return { kind, created: 0, updated: 0, skipped: 0, failed: 0, errors: [], stopped: null };
}

/** A run keeps this many reasons; the products themselves keep theirs (sync_error). */
export const ERRORS_KEPT = 20;

/**
 * Why a run stops early: Bling unreachable, over its limits, refusing the shop, or not
 * connected. What the run did until then stays done. Anything else is a bug, and is thrown.
 */
export function stopReason(error: unknown): string {
  if (
    error instanceof BlingUnavailableError ||
    error instanceof BlingAuthError ||
    error instanceof AppError
  ) {
    return error.message;
  }
  throw error;
}
