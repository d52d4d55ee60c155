import type { DataExport } from '@lumina/shared/privacy/data-export';
import { fileDate } from '../../../lib/save-file.ts';

/** Which part of the export a button saves: the spec's file, the orders, or everything. */
export type DataExportPart = 'personal' | 'orders' | 'complete';

const FILE_PREFIX: Record<DataExportPart, string> = {
  personal: 'meus-dados-lumina',
  orders: 'meus-pedidos-lumina',
  complete: 'exportacao-completa-lumina',
};

/** 'meus-dados-lumina-2026-11-25.json' (the day on the shop's calendar). */
export function exportFileName(part: DataExportPart, now = new Date()): string {
  return `${FILE_PREFIX[part]}-${fileDate(now)}.json`;
}

/** The spec's exported file (personalInfo, preferences, exportDate, purpose), or another part. */
export function pickExportPart(data: DataExport, part: DataExportPart): unknown {
  const { exportDate, purpose } = data;
  if (part === 'personal') {
    return { personalInfo: data.personalInfo, preferences: data.preferences, exportDate, purpose };
  }
  if (part === 'orders') return { orders: data.orders, exportDate, purpose };
  return data;
}
