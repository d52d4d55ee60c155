// The API's entry point (compiled to apps/api/dist/server.js by scripts/build-api.mjs).
import cluster from 'node:cluster';
import { runPrimary } from './cluster/primary.ts';
import { loadConfig } from './config.ts';
import { writeLogLine } from './lib/log-line.ts';
import { serve } from './serve.ts';

const config = loadConfig();

if (cluster.isPrimary && config.webConcurrency > 1 && config.databaseUrl) {
  await runPrimary(config, config.webConcurrency);
} else {
  if (cluster.isPrimary && config.webConcurrency > 1) {
    // Said once, before the server's own logs: the setting is not silently ignored.
    writeLogLine(
      'warn',
      `WEB_CONCURRENCY=${config.webConcurrency} ignored: the embedded database (no DATABASE_URL) can be opened by one process only, so one server process runs`,
    );
  }
  await serve(config);
}
