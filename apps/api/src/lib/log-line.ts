/** pino's level numbers, for lines written before or without a logger. */
const LEVELS = { info: 30, warn: 40, error: 50 } as const;

/**
 * One log line as the server's logger writes them (pino's JSON), for the processes and moments
 * that have no logger: the cluster primary, and the server before it has started its own.
 */
export function writeLogLine(
  level: keyof typeof LEVELS,
  msg: string,
  details: Record<string, unknown> = {},
): void {
  process.stdout.write(
    `${JSON.stringify({ level: LEVELS[level], time: Date.now(), pid: process.pid, ...details, msg })}\n`,
  );
}
