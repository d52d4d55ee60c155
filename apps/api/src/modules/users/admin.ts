import { emailSchema } from '@lumina/shared/validation/email';
import { nameError, normalizeName } from '@lumina/shared/validation/name';
import { PASSWORD_MESSAGES, registerPasswordError } from '@lumina/shared/validation/password';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.ts';
import type { UserRole } from '../../db/schema/users.ts';
import { isCommonPassword } from '../auth/common-passwords.ts';
import { hashPassword } from '../auth/passwords.ts';
import { revokeAllSessions } from '../auth/token-service.ts';
import { dropPendingEmailChange } from '../email-verification/service.ts';
import { createSecurityLog } from '../security/security-log.ts';
import { createUserRepository } from './repository.ts';

export const DEFAULT_ADMIN_NAME = 'Administrador da Loja';

export interface EnsureAdminInput {
  email: string;
  /** Required to create an account; for an existing one, set only when `setPassword`. */
  password: string;
  name?: string;
  /** Replace the password of an existing account too (the CLI does; the start-up does not). */
  setPassword: boolean;
  /**
   * Make an existing customer account an administrator. Only the operator's explicit
   * `--promote` does: an address that merely matches ADMIN_EMAIL must not hand someone's
   * account (or an account someone registered with that address first) the admin role.
   */
  promote: boolean;
  /** Who asked, for the security log ('cli', 'ADMIN_EMAIL'). */
  source: string;
}

export type EnsureAdminResult =
  | 'created'
  | 'promoted'
  | 'unchanged'
  | 'password_updated'
  /** The e-mail belongs to a customer account and `promote` was not asked: nothing changed. */
  | 'not_promoted';

export const PROMOTE_NEEDED =
  'Já existe uma conta de cliente com este e-mail. Para torná-la administradora, rode de novo com --promote: a senha dela será trocada pela informada e todas as sessões dela serão encerradas.';

export const NOT_VERIFIED =
  'A conta com este e-mail ainda não confirmou o endereço: ela não pode se tornar administradora. Peça à pessoa que abra o link de confirmação enviado ao e-mail (ou use Reenviar link em Minha Conta) e rode de novo.';

export const NO_SUCH_ACCOUNT = 'Nenhuma conta usa este e-mail: nada foi alterado.';

export const NOT_AN_ADMIN = 'A conta com este e-mail não é administradora: nada foi alterado.';

/** A mistake in the operator's input, with a pt-BR message the CLI prints as is. */
export class AdminInputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'AdminInputError';
  }
}

/**
 * The hash of a password about to be stored. Refusing a common one here, not beside the rule at
 * the top of ensureAdmin, keeps a start-up whose ADMIN_EMAIL account already exists from loading
 * the list, and from failing over a password it will not set.
 */
async function storablePasswordHash(password: string): Promise<string> {
  if (await isCommonPassword(password)) throw new AdminInputError(PASSWORD_MESSAGES.common);
  return hashPassword(password);
}

/**
 * The one way a role changes, inside the caller's transaction: the new role, every session of the
 * account ended (a token pair issued under the old role must not outlive it; admin routes already
 * read the role from the database, refresh would otherwise hand out the old role's tokens for up
 * to 30 days) and the security log entry.
 */
async function applyRoleChange(
  tx: Db,
  at: Date,
  change: { userId: number; from: UserRole; to: UserRole; source: string },
): Promise<boolean> {
  // Conditional, so two concurrent changes to the same role make one change and one log entry.
  if (!(await createUserRepository(tx).setRole(change.userId, change.to, at))) return false;
  await revokeAllSessions(tx, change.userId, at);
  await createSecurityLog(tx, () => at).record({
    type: 'role_changed',
    severity: 'warning',
    userId: change.userId,
    message: `Papel alterado de ${change.from} para ${change.to}`,
    metadata: { from: change.from, to: change.to, source: change.source },
  });
  return true;
}

/**
 * Gives an existing account another role (a demotion, say): ends all of its sessions and writes
 * the security log, in one transaction. 'unchanged' when it already has that role.
 */
export async function changeRole(
  deps: { db: Db; now?: () => Date },
  input: { userId: number; role: UserRole; source: string },
): Promise<'changed' | 'unchanged' | 'not_found' | 'not_verified'> {
  const at = (deps.now ?? (() => new Date()))();
  return deps.db.transaction(async (tx) => {
    const user = await createUserRepository(tx).findById(input.userId);
    if (user === undefined) return 'not_found';
    const current = user.role;
    if (input.role === 'admin' && current !== 'admin' && user.emailVerifiedAt === null) {
      return 'not_verified';
    }
    const changed = await applyRoleChange(tx, at, {
      userId: input.userId,
      from: current,
      to: input.role,
      source: input.source,
    });
    return changed ? 'changed' : 'unchanged';
  });
}

/**
 * `admin:create --demote`: the administrator with this e-mail becomes a customer again, every
 * session of the account ends and the change is logged (applyRoleChange), in one transaction.
 * Its password stays: the person keeps the account, as a customer.
 */
export async function demoteAdmin(
  deps: { db: Db; now?: () => Date },
  input: { email: string; source: string },
): Promise<void> {
  const at = (deps.now ?? (() => new Date()))();
  await deps.db.transaction(async (tx) => {
    const user = await createUserRepository(tx).findByEmail(input.email);
    if (!user) throw new AdminInputError(NO_SUCH_ACCOUNT);
    if (user.role !== 'admin') throw new AdminInputError(NOT_AN_ADMIN);
    await applyRoleChange(tx, at, {
      userId: user.id,
      from: user.role,
      to: 'customer',
      source: input.source,
    });
  });
}

/**
 * Creates an administrator, or promotes the account with that e-mail; every role change is
 * written to the security log. There is no built-in administrator: this (the
 * `npm run admin:create` script, or ADMIN_EMAIL/ADMIN_PASSWORD at start) is the only way.
 */
export async function ensureAdmin(
  deps: { db: Db; now?: () => Date },
  input: EnsureAdminInput,
): Promise<EnsureAdminResult> {
  const now = deps.now ?? (() => new Date());
  const parsedEmail = emailSchema().safeParse(input.email);
  if (!parsedEmail.success) {
    throw new AdminInputError(parsedEmail.error.issues[0]?.message ?? 'Email inválido');
  }
  const email = parsedEmail.data;
  const passwordError = registerPasswordError(input.password);
  if (passwordError) throw new AdminInputError(passwordError);
  const name = normalizeName(input.name ?? DEFAULT_ADMIN_NAME);
  const nameProblem = nameError(name);
  if (nameProblem) throw new AdminInputError(nameProblem);

  return deps.db.transaction(async (tx) => {
    const users = createUserRepository(tx);
    const securityLog = createSecurityLog(tx, now);
    const at = now();
    const existing = await users.findByEmail(email);
    if (!existing) {
      const user = await users.create({
        email,
        name,
        passwordHash: await storablePasswordHash(input.password),
        role: 'admin',
        // The operator's own account (CLI or ADMIN_EMAIL) runs the shop: it may do everything.
        staffRole: 'owner',
        // The operator vouches for the address.
        emailVerifiedAt: at,
        createdAt: at,
        updatedAt: at,
      });
      await securityLog.record({
        type: 'role_changed',
        severity: 'warning',
        userId: user.id,
        message: 'Administrador criado',
        metadata: { from: null, to: 'admin', source: input.source },
      });
      return 'created';
    }

    const promote = existing.role !== 'admin';
    if (promote && !input.promote) return 'not_promoted';
    // Whoever registered an address first need not own its mailbox: only an account whose
    // owner followed the confirmation link can become an administrator.
    if (promote && existing.emailVerifiedAt === null) throw new AdminInputError(NOT_VERIFIED);
    if (promote) {
      await applyRoleChange(tx, at, {
        userId: existing.id,
        from: existing.role,
        to: 'admin',
        source: input.source,
      });
    }
    if (input.setPassword) {
      await users.setPasswordHash(existing.id, await storablePasswordHash(input.password), at);
      await dropPendingEmailChange(tx, existing.id, at);
      await revokeAllSessions(tx, existing.id, at);
      await securityLog.record({
        type: 'password_changed',
        severity: 'warning',
        userId: existing.id,
        message: 'Senha de administrador definida pelo operador',
        metadata: { source: input.source },
      });
    }
    if (promote) return 'promoted';
    return input.setPassword ? 'password_updated' : 'unchanged';
  });
}

/**
 * ADMIN_EMAIL/ADMIN_PASSWORD at start: creates that administrator when no account has the
 * e-mail. An existing administrator keeps the password they may have changed since; an existing
 * customer is not promoted ('not_promoted': the server logs why and how to promote). Returns
 * undefined when the variables are not both set.
 */
export async function ensureAdminFromConfig(
  deps: { db: Db; now?: () => Date },
  config: { adminEmail: string | undefined; adminPassword: string | undefined },
): Promise<EnsureAdminResult | undefined> {
  if (!config.adminEmail || !config.adminPassword) return undefined;
  return ensureAdmin(deps, {
    email: config.adminEmail,
    password: config.adminPassword,
    setPassword: false,
    promote: false,
    source: 'ADMIN_EMAIL',
  });
}

/** Why the server did not promote ADMIN_EMAIL, and the explicit way to do it. */
export const ADMIN_EMAIL_NOT_PROMOTED =
  'ADMIN_EMAIL belongs to an existing customer account: not promoted (an address alone must not grant the admin role; someone may have registered it first). To make that account an administrator, run: npm run admin:create -- --email <email> --password <new password> --promote';

/** ensureAdminFromConfig as the server runs it at start, saying in the log what it did. */
export async function ensureAdminAtStart(
  deps: { db: Db; logger: Pick<FastifyBaseLogger, 'info' | 'warn'>; now?: () => Date },
  config: { adminEmail: string | undefined; adminPassword: string | undefined },
): Promise<EnsureAdminResult | undefined> {
  const result = await ensureAdminFromConfig(deps, config);
  // The address is not logged: logs travel further than the database and are kept longer.
  if (result === 'not_promoted') {
    deps.logger.warn(ADMIN_EMAIL_NOT_PROMOTED);
  } else if (result) {
    deps.logger.info({ result }, 'administrator from ADMIN_EMAIL');
  } else if (config.adminEmail || config.adminPassword) {
    deps.logger.warn(
      'ADMIN_EMAIL and ADMIN_PASSWORD must be set together; no administrator created',
    );
  }
  return result;
}
