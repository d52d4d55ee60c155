import autocannon, { type Result } from 'autocannon';

export interface LoadOptions {
  connections: number;
  durationSeconds: number;
}

export interface LoadSummary {
  url: string;
  requestsPerSecond: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  latencyMaxMs: number;
  totalRequests: number;
  /** Responses that were not 2xx: a rate limiter or an error would make the figures meaningless. */
  non2xx: number;
  errors: number;
  timeouts: number;
  bytesPerSecond: number;
  startedAt: number;
  finishedAt: number;
}

/**
 * One autocannon run against `url`. Bounded twice: autocannon's own duration, and a watchdog that
 * stops it 15 s after it should have finished.
 */
export function runLoad(url: string, options: LoadOptions): Promise<LoadSummary> {
  if (!url.startsWith('http://127.0.0.1:')) throw new Error(`Load only goes to 127.0.0.1: ${url}`);
  const startedAt = Date.now();
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      { url, connections: options.connections, duration: options.durationSeconds, timeout: 10 },
      (error, result) => {
        clearTimeout(watchdog);
        if (error) reject(error);
        else resolve(summarize(url, result, startedAt));
      },
    );
    const watchdog = setTimeout(() => instance.stop(), (options.durationSeconds + 15) * 1_000);
  });
}

function summarize(url: string, result: Result, startedAt: number): LoadSummary {
  return {
    url,
    requestsPerSecond: result.requests.average,
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    latencyMaxMs: result.latency.max,
    totalRequests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    bytesPerSecond: result.throughput.average,
    startedAt,
    finishedAt: Date.now(),
  };
}
