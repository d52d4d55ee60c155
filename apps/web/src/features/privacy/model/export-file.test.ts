import type { DataExport } from '@lumina/shared/privacy/data-export';
import { describe, expect, it } from 'vitest';
import { exportFileName, pickExportPart } from './export-file.ts';

const data = {
  personalInfo: { name: 'Ana Souza' },
  preferences: { marketingComm: true },
  addresses: [{ name: 'Casa' }],
  orders: [{ order_number: 'LP001041' }],
  exportDate: '2026-11-25T12:00:00.000Z',
  purpose: 'LGPD',
} as unknown as DataExport;

describe('the exported files', () => {
  it('are named after the day in São Paulo', () => {
    // 01:30 UTC on the 26th is still the 25th in São Paulo.
    expect(exportFileName('personal', new Date('2026-11-26T01:30:00Z'))).toBe(
      'meus-dados-lumina-2026-11-25.json',
    );
    expect(exportFileName('orders', new Date('2026-11-26T12:00:00Z'))).toBe(
      'meus-pedidos-lumina-2026-11-26.json',
    );
  });

  it('hold the spec’s four fields, the orders, or everything', () => {
    expect(pickExportPart(data, 'personal')).toEqual({
      personalInfo: data.personalInfo,
      preferences: data.preferences,
      exportDate: data.exportDate,
      purpose: data.purpose,
    });
    expect(pickExportPart(data, 'orders')).toEqual({
      orders: data.orders,
      exportDate: data.exportDate,
      purpose: data.purpose,
    });
    expect(pickExportPart(data, 'complete')).toBe(data);
  });
});
