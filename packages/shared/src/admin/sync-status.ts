/** Admin product table's sync column (spec 001 §3, §4). */
export const SYNC_STATUSES = ['pending', 'failed', 'synced'] as const;
export type SyncStatus = (typeof SYNC_STATUSES)[number];

export const SYNC_STATUS_LABELS = {
  bling: 'Bling',
  pending: 'Pendente',
  failed: 'Falhou',
  local: 'Local',
} as const;
export type SyncLabelKey = keyof typeof SYNC_STATUS_LABELS;

/** A product that came from Bling says so; otherwise pending, failed, or else local. */
export function syncLabelKey(product: {
  from_bling?: boolean | null;
  sync_status?: string | null;
}): SyncLabelKey {
  if (product.from_bling === true) return 'bling';
  if (product.sync_status === 'pending') return 'pending';
  if (product.sync_status === 'failed') return 'failed';
  return 'local';
}

export function syncStatusLabel(product: Parameters<typeof syncLabelKey>[0]): string {
  return SYNC_STATUS_LABELS[syncLabelKey(product)];
}
