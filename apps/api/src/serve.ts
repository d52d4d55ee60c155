import { join } from 'node:path';
import { buildApp } from './app.ts';
import { type Config, insecureAppUrlWarning, trustProxyDescription } from './config.ts';
import { openDatabase } from './db/database.ts';
import { createEmbeddedDatabaseInChild, needsNewEmbeddedDatabase } from './db/embedded-initdb.ts';
import { uploadsDirOf } from './http/uploads.ts';
import { appJobs } from './jobs/app-jobs.ts';
import { createJobRunner } from './jobs/job-runner.ts';
import { startControlSocket } from './modules/backup/control-socket.ts';
import { type BackupService, createBackupService } from './modules/backup/service.ts';
import { seedDemoCatalog } from './modules/catalog/seed-demo.ts';
import { ensureAdminAtStart } from './modules/users/admin.ts';

/** After this long a shutdown stops waiting for slow requests and exits anyway. */
const SHUTDOWN_GRACE_MS = 10_000;

/** How often an idle job worker asks the embedded database for work (see the job runner). */
const EMBEDDED_POLLING_SECONDS = 15;

/**
 * One server process: opens the database, builds the app, migrates, listens, then starts the job
 * runner; stops cleanly on SIGTERM or SIGINT. `npm start` runs one; with WEB_CONCURRENCY on
 * PostgreSQL each cluster worker runs one (server.ts).
 */
export async function serve(config: Config): Promise<void> {
  // Milliseconds since the process began, at each step of the start (logged once listening).
  const startup: Record<string, number> = { modulesLoaded: Math.round(performance.now()) };
  const mark = (step: string): void => {
    startup[step] = Math.round(performance.now());
  };
  // With the embedded database, `npm run backup` asks this process (which holds the database)
  // over a socket in DATA_DIR; listening before the database opens leaves no moment in which the
  // command could take the server for stopped and open the database beside it.
  let backupsReady: (service: BackupService) => void = () => undefined;
  const backupService = new Promise<BackupService>((resolve) => (backupsReady = resolve));
  const controlSocket = config.databaseUrl
    ? null
    : await startControlSocket({
        dataDir: config.dataDir,
        backups: () => backupService,
        log: () => app.log,
      });
  const createdDatabase = !config.databaseUrl && needsNewEmbeddedDatabase(config.dataDir);
  if (createdDatabase) await createEmbeddedDatabaseInChild(config.dataDir);
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolMax: config.databasePoolMax,
    onPoolError: (error) => app.log.error({ err: error }, 'idle database connection failed'),
  });
  mark('databaseOpen');
  // The app queues jobs (the Bling syncs) through the runner created below, once both exist.
  const app = await buildApp({
    config,
    database,
    jobs: { send: (name, data, options) => jobs.send(name, data, options) },
  });
  const backups = createBackupService({
    dataDir: config.dataDir,
    backupDir: config.backupDir,
    database,
    databaseUrl: config.databaseUrl,
    log: app.log,
  });
  backupsReady(backups);
  if (controlSocket?.problem) app.log.warn(controlSocket.problem);
  const jobs = createJobRunner({
    database,
    jobs: appJobs({
      db: database.db,
      now: () => new Date(),
      payments: app.payments,
      outbox: app.outbox,
      whatsapp: app.whatsapp,
      erp: app.erp,
      invoices: app.invoices,
      monitoring: app.monitoring,
      privacy: app.privacy,
      labels: app.labels,
      reviews: app.reviews,
      backups,
      reconcileIntervalSeconds: config.pixReconcileIntervalSeconds,
      reminders: app.reminders,
      reminderScanSeconds: config.reminderScanSeconds,
    }),
    logger: app.log,
    // The embedded database has one process, which wakes its workers for what it queues: the
    // idle poll (one query per queue) then only catches schedules and retries, and every 2 s it
    // cost the server's one thread bursts of 50 to 270 ms under load.
    ...(!config.databaseUrl && { pollingIntervalSeconds: EMBEDDED_POLLING_SECONDS }),
  });

  let stopping = false;
  async function shutdown(signal: string): Promise<void> {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down: finishing requests in flight');
    const timer = setTimeout(() => {
      app.log.error('shutdown took too long, exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    timer.unref();
    try {
      // Stops accepting connections and waits for the requests already running.
      await app.close();
      await controlSocket?.close();
      // Waits for a running job, which may still write, before the database goes.
      await jobs.stop();
      await database.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  }

  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));

  try {
    mark('appBuilt');
    await database.migrate();
    mark('migrated');
    app.log.info(
      { driver: database.driver, created: createdDatabase || undefined },
      'database migrated',
    );
    await ensureAdminAtStart({ db: database.db, logger: app.log }, config);
    if (config.seedDemoCatalog) {
      const seeded = await seedDemoCatalog(database.db, uploadsDirOf(config.dataDir));
      if (seeded > 0) app.log.info({ products: seeded }, 'demo catalogue seeded');
    }
    // Answering first: the job runner's start (pg-boss's schema check and schedules, about 0.5 s)
    // runs while the first requests are served; a job queued meanwhile waits for it.
    await app.listen({ port: config.port, host: config.host });
    mark('listening');
    await jobs.start();
    mark('jobsStarted');
    // E-mails a process that stopped left unsent (or a restart interrupted) go out now.
    app.outbox.kick();
    app.log.info({ startup }, 'started');
    // Says where the reset e-mails go and whether "Entrar com Google" works, so nobody wonders.
    app.log.info(
      {
        mail: config.smtpUrl ? 'smtp' : join(config.dataDir, 'outbox'),
        googleSignIn: Boolean(config.googleClientId && config.googleClientSecret),
      },
      'accounts',
    );
    // Whose word sets a client's address (rate limits, security log), so a wrong setting shows.
    app.log.info({ trustProxy: config.trustProxy }, trustProxyDescription(config.trustProxy));
    const insecure = insecureAppUrlWarning(config);
    if (insecure) app.log.warn(insecure);
    if (config.paymentsSandbox) {
      app.log.warn(
        { provider: config.paymentProvider },
        'PAYMENTS_SANDBOX is on: test payments only, "Simular pagamento" approves orders',
      );
    }
  } catch (error) {
    app.log.fatal({ err: error }, 'could not start');
    await app.close().catch(() => undefined);
    await jobs.stop().catch(() => undefined);
    await database.close().catch(() => undefined);
    process.exit(1);
  }
}
