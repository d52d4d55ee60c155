// The subset of autocannon 9's programmatic API the load benchmark uses. The package ships no types
// and @types/autocannon would be one more dependency in the shared lockfile for a handful of fields.
declare module 'autocannon' {
  interface Histogram {
    average: number;
    mean: number;
    stddev: number;
    min: number;
    max: number;
    p2_5: number;
    p50: number;
    p75: number;
    p90: number;
    p97_5: number;
    p99: number;
    p99_9: number;
  }

  interface Result {
    url: string;
    requests: Histogram & { total: number; sent: number };
    latency: Histogram & { totalCount: number };
    throughput: Histogram & { total: number };
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    '2xx': number;
    statusCodeStats: Record<string, { count: number }>;
    start: Date;
    finish: Date;
  }

  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    timeout?: number;
    pipelining?: number;
    headers?: Record<string, string>;
  }

  interface Instance {
    stop(): void;
  }

  function autocannon(
    options: Options,
    callback: (error: Error | null, result: Result) => void,
  ): Instance;

  export type { Histogram, Result, Options, Instance };
  export default autocannon;
}
