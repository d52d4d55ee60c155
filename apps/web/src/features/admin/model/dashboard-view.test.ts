import { DASHBOARD_QUEUE_KEYS } from '@lumina/shared/admin/dashboard';
import { describe, expect, it } from 'vitest';
import {
  changeText,
  dayMonth,
  deadlineText,
  percentText,
  periodFrom,
  QUEUE_ENTRIES,
  splitQueue,
} from './dashboard-view.ts';

describe('the home’s words', () => {
  it('says how long is left before a deadline, or how late it is', () => {
    expect(deadlineText(null)).toBeNull();
    expect(deadlineText(5)).toBe('faltam 5 dias');
    expect(deadlineText(1)).toBe('falta 1 dia');
    expect(deadlineText(0)).toBe('vence hoje');
    expect(deadlineText(-1)).toBe('atrasado há 1 dia');
    expect(deadlineText(-4)).toBe('atrasado há 4 dias');
  });

  it('names every queue item and links it inside the panel', () => {
    for (const key of DASHBOARD_QUEUE_KEYS) {
      expect(QUEUE_ENTRIES[key].label).not.toBe('');
      expect(QUEUE_ENTRIES[key].href).toMatch(/^\/admin\//);
    }
  });

  it('keeps the items with nothing waiting apart, in the API’s order', () => {
    const { pending, done } = splitQueue([
      { key: 'orders_to_ship', count: 2, days_left: null },
      { key: 'labels_failed', count: 0, days_left: null },
      { key: 'returns_open', count: 1, days_left: 3 },
    ]);
    expect(pending.map((item) => item.key)).toEqual(['orders_to_ship', 'returns_open']);
    expect(done.map((item) => item.key)).toEqual(['labels_failed']);
  });

  it('reads the period from the address, 30 days otherwise', () => {
    expect(periodFrom(new URLSearchParams('periodo=7'))).toBe(7);
    expect(periodFrom(new URLSearchParams('periodo=90'))).toBe(90);
    expect(periodFrom(new URLSearchParams('periodo=15'))).toBe(30);
    expect(periodFrom(new URLSearchParams())).toBe(30);
  });

  it('compares with the period before in whole percents', () => {
    expect(changeText(112, 100)).toBe('+12% vs período anterior');
    expect(changeText(95, 100)).toBe('−5% vs período anterior');
    expect(changeText(100, 100)).toBe('igual ao período anterior');
    expect(changeText(0, 0)).toBe('igual ao período anterior');
    expect(changeText(50, 0)).toBe('sem base no período anterior');
  });

  it('writes days as dd/mm and rates as percents', () => {
    expect(dayMonth('2026-11-07')).toBe('07/11');
    expect(percentText(0.345)).toBe('34,5%');
    expect(percentText(null)).toBe('—');
  });
});
