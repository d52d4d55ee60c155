/**
 * Restores a backup into an empty data folder (and, for a PostgreSQL backup, an empty database):
 *
 *   DATA_DIR=./data-restaurado npm run restore -- data/backups/lumina-backup-....tar.gz
 *
 * Every file is checked against the manifest's SHA-256 before anything is written; a folder that
 * is not empty is refused. Start the shop on the folder afterwards: it migrates as on any start.
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { runCommand } from './run-command.ts';
import { loadConfig } from '../src/config.ts';
import { restoreBackup } from '../src/modules/backup/restore.ts';

export const USAGE = 'Uso: DATA_DIR=<pasta vazia> npm run restore -- <arquivo .tar.gz do backup>';

async function main(): Promise<void> {
  const { positionals } = parseArgs({ allowPositionals: true });
  const [file] = positionals;
  if (!file || positionals.length > 1) throw new Error(USAGE);
  const config = loadConfig();
  const started = performance.now();
  const result = await restoreBackup({
    file: resolve(process.env.INIT_CWD ?? process.cwd(), file),
    dataDir: config.dataDir,
    databaseUrl: config.databaseUrl,
  });
  const seconds = ((performance.now() - started) / 1000).toLocaleString('pt-BR', {
    maximumFractionDigits: 1,
  });
  const { manifest } = result;
  console.log(
    `Backup de ${manifest.createdAt} conferido (${manifest.files.length} arquivos, SHA-256 ok).`,
  );
  if (manifest.database.kind === 'none')
    console.log(`Atenção: este backup não tem o banco. ${manifest.database.reason}`);
  console.log(
    `Restaurado em ${config.dataDir}${config.databaseUrl ? ' e no banco de DATABASE_URL' : ''} em ${seconds} s: ${result.orders} ${result.orders === 1 ? 'pedido' : 'pedidos'}, ${result.files} arquivos de dados.`,
  );
  const database = config.databaseUrl ? ' DATABASE_URL=<o banco restaurado>' : '';
  console.log(`Para abrir a loja restaurada: DATA_DIR=${config.dataDir}${database} npm start`);
}

await runCommand(import.meta.url, main);
