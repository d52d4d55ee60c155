import { describe, expect, it } from 'vitest';
import { judgeRoute, type RouteMeasurement } from './api-targets.ts';

const good: RouteMeasurement = {
  requestsPerSecond: 600,
  bareRequestsPerSecond: 1_000,
  latencyP99Ms: 20,
  peakRssMb: 150,
  failedResponses: 0,
};

describe('judgeRoute', () => {
  it('passes a route inside every target', () => {
    const verdict = judgeRoute(good);
    expect(verdict.pass).toBe(true);
    expect(verdict.ratio).toBeCloseTo(0.6);
    expect(verdict.misses).toEqual([]);
  });

  it('accepts exactly half of the bare route but not a p99 of exactly 25 ms', () => {
    expect(judgeRoute({ ...good, requestsPerSecond: 500 }).ratioOk).toBe(true);
    expect(judgeRoute({ ...good, latencyP99Ms: 25 }).p99Ok).toBe(false);
  });

  it('names every missed target', () => {
    const verdict = judgeRoute({
      requestsPerSecond: 300,
      bareRequestsPerSecond: 1_000,
      latencyP99Ms: 40,
      peakRssMb: 230,
      failedResponses: 12,
    });
    expect(verdict.pass).toBe(false);
    expect(verdict.misses).toEqual([
      'ratio 0.30 < 0.5',
      'p99 40 ms >= 25 ms',
      'RSS 230 MB >= 200 MB',
      '12 non-2xx/failed responses',
    ]);
  });

  it('does not pass memory that was never sampled', () => {
    expect(judgeRoute({ ...good, peakRssMb: 0 }).misses).toEqual(['RSS not sampled']);
  });

  it('judges memory against the limit it is given (150 MB on PostgreSQL)', () => {
    expect(judgeRoute({ ...good, peakRssMb: 160 }).rssOk).toBe(true);
    expect(judgeRoute({ ...good, peakRssMb: 160 }, 150).misses).toEqual(['RSS 160 MB >= 150 MB']);
  });
});
