// The API's entry point (compiled to apps/api/dist/server.js by scripts/build-api.mjs).
// Each role imports only its own code (esbuild makes chunks of the dynamic imports): the
// cluster's primary loads neither the app nor the database.
import cluster from 'node:cluster';
import { PREPARE_ENV } from './cluster/prepare-role.ts';
import { loadConfig } from './config.ts';
import { writeLogLine } from './lib/log-line.ts';

const config = loadConfig();

if (cluster.isPrimary && config.webConcurrency > 1 && config.databaseUrl) {
  const { runPrimary } = await import('./cluster/primary.ts');
  await runPrimary(config, config.webConcurrency);
} else if (cluster.isWorker && process.env[PREPARE_ENV] === '1') {
  const { prepareOnce } = await import('./cluster/prepare.ts');
  await prepareOnce(config);
  process.exit(0);
} else {
  if (cluster.isPrimary && config.webConcurrency > 1) {
    // Said once, before the server's own logs: the setting is not silently ignored.
    writeLogLine(
      'warn',
      `WEB_CONCURRENCY=${config.webConcurrency} ignored: the embedded database (no DATABASE_URL) can be opened by one process only, so one server process runs`,
    );
  }
  const { serve } = await import('./serve.ts');
  await serve(config);
}
