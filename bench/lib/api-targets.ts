// Targets for the catalogue reads, and how one measured route is judged against them.

export const API_TARGETS = {
  /** Catalogue route requests/s divided by the bare Fastify route's, at least. */
  minRatioToBare: 0.5,
  /** p99 latency at 50 connections, strictly below (ms). */
  maxP99Ms: 25,
  /** Peak resident memory of the serving process under load, strictly below (MB). */
  maxRssMb: 200,
  /** The same on a PostgreSQL server: lower, as no database runs inside the process. */
  maxRssMbOnPostgres: 150,
} as const;

export interface RouteMeasurement {
  requestsPerSecond: number;
  bareRequestsPerSecond: number;
  latencyP99Ms: number;
  peakRssMb: number;
  /** Non-2xx answers plus connection errors during the measured run. */
  failedResponses: number;
}

export interface RouteVerdict {
  ratio: number;
  ratioOk: boolean;
  p99Ok: boolean;
  rssOk: boolean;
  responsesOk: boolean;
  pass: boolean;
  /** Human-readable reasons for every missed target, empty on PASS. */
  misses: string[];
}

export function judgeRoute(
  m: RouteMeasurement,
  maxRssMb: number = API_TARGETS.maxRssMb,
): RouteVerdict {
  const ratio = m.bareRequestsPerSecond > 0 ? m.requestsPerSecond / m.bareRequestsPerSecond : 0;
  const ratioOk = ratio >= API_TARGETS.minRatioToBare;
  const p99Ok = m.latencyP99Ms < API_TARGETS.maxP99Ms;
  const rssOk = m.peakRssMb > 0 && m.peakRssMb < maxRssMb;
  const responsesOk = m.failedResponses === 0;
  const misses: string[] = [];
  if (!ratioOk) misses.push(`ratio ${ratio.toFixed(2)} < ${API_TARGETS.minRatioToBare}`);
  if (!p99Ok) misses.push(`p99 ${m.latencyP99Ms} ms >= ${API_TARGETS.maxP99Ms} ms`);
  if (m.peakRssMb <= 0) misses.push('RSS not sampled');
  else if (!rssOk) misses.push(`RSS ${m.peakRssMb.toFixed(0)} MB >= ${maxRssMb} MB`);
  if (!responsesOk) misses.push(`${m.failedResponses} non-2xx/failed responses`);
  return { ratio, ratioOk, p99Ok, rssOk, responsesOk, pass: misses.length === 0, misses };
}
