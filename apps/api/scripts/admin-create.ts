/**
 * Creates an administrator, promotes an existing account or demotes one, on the configured
 * database (DATABASE_URL or the embedded one in DATA_DIR):
 *
 *   npm run admin:create -- --email ana@example.com --password 'Segura123' [--name 'Ana Souza']
 *   npm run admin:create -- --email bia@example.com --password 'Segura123' --promote
 *   npm run admin:create -- --email bia@example.com --demote
 *
 * The password must follow the register rule, must not be a common leaked one, and is set even
 * when the account exists (its sessions then end). An existing customer account becomes administrator only with --promote.
 * --demote makes an administrator a customer again and ends all of its sessions; it takes no password.
 * The embedded database admits one process at a time: stop the server first when using it.
 */
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import { loadConfig } from '../src/config.ts';
import { type Database, openDatabase } from '../src/db/database.ts';
import {
  AdminInputError,
  demoteAdmin,
  ensureAdmin,
  type EnsureAdminResult,
  PROMOTE_NEEDED,
} from '../src/modules/users/admin.ts';

export const USAGE =
  "Uso: npm run admin:create -- --email <email> --password <senha> [--name 'Nome Sobrenome'] [--promote], ou --email <email> --demote";

export type AdminCreateArgs =
  | { email: string; password: string; name: string | undefined; promote: boolean; demote: false }
  | { email: string; demote: true };

/** Throws AdminInputError with the usage line for missing or unknown options. */
export function parseAdminArgs(argv: readonly string[]): AdminCreateArgs {
  let values;
  try {
    ({ values } = parseArgs({
      args: [...argv],
      options: {
        email: { type: 'string' },
        password: { type: 'string' },
        name: { type: 'string' },
        promote: { type: 'boolean' },
        demote: { type: 'boolean' },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch {
    throw new AdminInputError(USAGE);
  }
  if (!values.email) throw new AdminInputError(USAGE);
  if (values.demote) {
    // A demotion sets nothing else: mixing it with a password or a promotion is a typo.
    if (values.password !== undefined || values.name !== undefined || values.promote) {
      throw new AdminInputError(USAGE);
    }
    return { email: values.email, demote: true };
  }
  if (!values.password) throw new AdminInputError(USAGE);
  return {
    email: values.email,
    password: values.password,
    name: values.name,
    promote: values.promote ?? false,
    demote: false,
  };
}

const RESULT_TEXT: Record<EnsureAdminResult, string> = {
  created: 'Administrador criado',
  promoted: 'Conta promovida a administrador',
  password_updated: 'Conta já era administradora; senha atualizada e sessões encerradas',
  unchanged: 'Conta já era administradora',
  not_promoted: PROMOTE_NEEDED,
};

const DEMOTED_TEXT = 'Conta voltou a ser de cliente; sessões encerradas';

/** The whole command on an open database (migrated first): returns the line to print. */
export async function runAdminCreate(database: Database, argv: readonly string[]) {
  const args = parseAdminArgs(argv);
  await database.migrate();
  if (args.demote) {
    await demoteAdmin({ db: database.db }, { email: args.email, source: 'cli' });
    return `${DEMOTED_TEXT}: ${args.email.trim().toLowerCase()}`;
  }
  const result = await ensureAdmin(
    { db: database.db },
    { ...args, setPassword: true, source: 'cli' },
  );
  if (result === 'not_promoted') throw new AdminInputError(PROMOTE_NEEDED);
  return `${RESULT_TEXT[result]}: ${args.email.trim().toLowerCase()}`;
}

async function main(): Promise<void> {
  const config = loadConfig();
  let database: Database | undefined;
  try {
    parseAdminArgs(process.argv.slice(2));
    database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
    console.log(await runAdminCreate(database, process.argv.slice(2)));
  } catch (error) {
    if (!(error instanceof AdminInputError)) throw error;
    console.error(error.message);
    process.exitCode = 1;
  } finally {
    await database?.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await main();
}
