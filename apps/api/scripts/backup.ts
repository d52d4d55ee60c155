/**
 * Takes one backup now, into BACKUP_DIR (default DATA_DIR/backups), like the nightly job:
 *
 *   npm run backup
 *
 * With the embedded database a running server holds it, and PGlite does not stop a second process
 * from opening the same folder (both would write it): the command asks the server, over its
 * socket DATA_DIR/backup.sock, to take the backup itself. When no server answers there, the shop
 * is stopped and the command opens the database on its own. With DATABASE_URL it runs pg_dump.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { runCommand } from './run-command.ts';
import { loadConfig, type Config } from '../src/config.ts';
import { openPglite } from '../src/db/pglite.ts';
import { controlSocketPath, requestBackup } from '../src/modules/backup/control-socket.ts';
import {
  type BackupResult,
  type BackupServiceOptions,
  createBackupService,
  PG_DUMP_MISSING,
} from '../src/modules/backup/service.ts';

const quietLog: BackupServiceOptions['log'] = {
  info: () => undefined,
  warn: (_details, message) => console.warn(`Aviso: ${message}`),
};

export function describeResult(result: BackupResult): string {
  const size = (result.bytes / 1024 / 1024).toLocaleString('pt-BR', { maximumFractionDigits: 1 });
  const seconds = (result.ms / 1000).toLocaleString('pt-BR', { maximumFractionDigits: 1 });
  const database = { 'pglite-data-dir': 'PGlite', 'pg-dump-custom': 'pg_dump', none: 'SEM BANCO' }[
    result.database
  ];
  const lines = [
    `Backup gravado: ${result.file}`,
    `  ${size} MB em ${seconds} s; banco: ${database}; ${result.files} arquivos, cada um com SHA-256 no manifesto`,
  ];
  if (result.pruned.length > 0)
    lines.push(`  Backups antigos removidos: ${result.pruned.join(', ')}`);
  if (result.database === 'none') lines.push(`  Atenção: ${PG_DUMP_MISSING}`);
  return lines.join('\n');
}

async function backupStoppedPglite(config: Config): Promise<BackupResult> {
  if (!existsSync(join(config.dataDir, 'pglite', 'PG_VERSION'))) {
    throw new Error(`Não há banco da loja em ${join(config.dataDir, 'pglite')}: confira DATA_DIR.`);
  }
  const database = await openPglite(config.dataDir);
  try {
    const service = createBackupService({ ...config, database, log: quietLog });
    return await service.takeBackup('manual');
  } finally {
    await database.close();
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { 'server-stopped': { type: 'boolean' } } });
  const config = loadConfig();
  if (config.databaseUrl) {
    const service = createBackupService({
      ...config,
      database: { driver: 'postgres' },
      log: quietLog,
    });
    console.log(describeResult(await service.takeBackup('manual')));
    return;
  }
  if (!controlSocketPath(config.dataDir) && !values['server-stopped']) {
    throw new Error(
      'O caminho de DATA_DIR é longo demais para o socket do servidor, então não dá para saber se a loja está rodando. Pare a loja e rode npm run backup -- --server-stopped (o backup noturno do servidor continua valendo).',
    );
  }
  const answer = await requestBackup(config.dataDir);
  if (answer && !answer.ok)
    throw new Error(`O servidor não conseguiu fazer o backup: ${answer.error}`);
  if (answer) {
    console.log('A loja está rodando: o servidor fez o backup.');
    console.log(describeResult(answer.result));
    return;
  }
  const result = await backupStoppedPglite(config);
  console.log(
    'Nenhum servidor respondeu em DATA_DIR: com a loja parada, o backup leu o banco direto.',
  );
  console.log(describeResult(result));
}

await runCommand(import.meta.url, main);
