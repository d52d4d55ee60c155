import { hash, verify } from '@node-rs/argon2';

/** Algorithm.Argon2id: the package's const enum cannot be imported under verbatimModuleSyntax. */
const ARGON2ID = 2;

/**
 * argon2id with the OWASP minimum (19 MiB, 2 passes, 1 lane): about 20 ms per hash on the
 * target machine, cheap enough for a 2-core server, costly for an offline attacker.
 */
const ARGON2_OPTIONS = {
  algorithm: ARGON2ID,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

/**
 * Passwords may hold accented letters (pt-BR), which one keyboard types as 'é' and another as
 * 'e' plus a combining accent: both are hashed and checked in NFKC, as NIST SP 800-63B (5.1.1.2)
 * advises. Passwords of the earlier ASCII-only rule are unchanged by it, so their hashes still match.
 */
function normalized(password: string): string {
  return password.normalize('NFKC');
}

export function hashPassword(password: string): Promise<string> {
  return hash(normalized(password), ARGON2_OPTIONS);
}

/** False for a wrong password and for a hash this code cannot read (never throws). */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, normalized(password));
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the same time as checking a real password, for an unknown e-mail or a Google-only
 * account: both answers then take as long as a wrong password, so timing tells nothing.
 */
export async function verifyDummyPassword(password: string): Promise<false> {
  dummyHash ??= hashPassword('dummy password that no account has');
  await verifyPassword(await dummyHash, password);
  return false;
}
