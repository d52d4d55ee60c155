import { createHash, createHmac, randomUUID } from 'node:crypto';
import { createChallenge, randomInt, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { captchaChallenges } from '../../db/schema/security.ts';

export const CAPTCHA_TTL_MS = 5 * 60 * 1000;

/**
 * PBKDF2 rather than plain SHA-256: the browser runs it natively (WebCrypto), so a script in
 * Node gains little over the widget; one SHA-256 per call would be mostly WebCrypto overhead.
 */
export const CAPTCHA_ALGORITHM = 'PBKDF2/SHA-256';
/** PBKDF2 iterations per counter the solver tries. */
export const CAPTCHA_COST = 1_000;
/**
 * The challenge hides a counter drawn from [max / 2, max] (ALTCHA's "deterministic" mode) and the
 * solver tries counters from 0 up, spread over its workers: 2.25 million PBKDF2 iterations on
 * average for 3_000. Measured in Chromium on the 2-core development machine: about 0.35 s with
 * the widget's two workers (0.7 s on one core), shown as at least the widget's 0.5 s. A mid-range
 * phone, some three times slower per core, should take 0.5 to 1.5 s (an estimate, not measured).
 */
export const CAPTCHA_MAX_NUMBER = 3_000;

const hex = z.string().regex(/^[0-9a-f]+$/);

/**
 * What GET /api/auth/captcha answers: altcha-lib's v2 challenge, whose `data.id` names the row
 * that makes it single-use. Every field is listed because the answer is serialized through this
 * schema and the signature covers them all.
 */
export const captchaChallengeSchema = z.object({
  parameters: z.object({
    algorithm: z.literal(CAPTCHA_ALGORITHM),
    cost: z.int().positive().max(100_000),
    data: z.object({ id: z.uuid() }),
    expiresAt: z.int().positive().describe('Unix time, seconds'),
    keyLength: z.int().positive().max(64),
    keyPrefix: hex.max(128),
    keySignature: hex.max(128),
    nonce: hex.max(64),
    salt: hex.max(64),
  }),
  signature: hex.max(128),
});

export type CaptchaChallenge = z.infer<typeof captchaChallengeSchema>;

/** The widget's payload (base64 JSON), which login takes as `captcha_token`. */
const payloadSchema = z.object({
  challenge: captchaChallengeSchema,
  solution: z.object({ counter: z.int().nonnegative(), derivedKey: hex.max(128) }),
});

function decodePayload(token: string): z.infer<typeof payloadSchema> | null {
  try {
    const json: unknown = JSON.parse(Buffer.from(token, 'base64').toString('utf8'));
    const parsed = payloadSchema.safeParse(json);
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Binds a row to the one challenge it was made for. */
function challengeHash(signature: string): string {
  return createHash('sha256').update(signature).digest('hex');
}

/** A key of its own for each use, derived from the JWT secret that every process shares. */
function deriveSecret(secret: string, purpose: string): string {
  return createHmac('sha256', secret).update(`lumina login captcha: ${purpose}`).digest('hex');
}

/**
 * ALTCHA proof-of-work challenges (no third party sees who logs in): HMAC-signed, so any process
 * can check a solution
 * without a lookup, and kept as a row (the id signed into the challenge) so that a solution
 * works once and only within 5 minutes. `maxNumber` is injectable so tests solve in a moment.
 */
export function createCaptchaService({
  db,
  now,
  secret,
  maxNumber = CAPTCHA_MAX_NUMBER,
}: {
  db: Db;
  now: () => Date;
  /** The app's JWT secret (resolveJwtSecret); the captcha keys are derived from it. */
  secret: string;
  maxNumber?: number;
}) {
  const hmacSignatureSecret = deriveSecret(secret, 'challenge signature');
  const hmacKeySignatureSecret = deriveSecret(secret, 'key signature');

  return {
    async create(): Promise<CaptchaChallenge> {
      const at = now();
      const id = randomUUID();
      const expiresAt = new Date(at.getTime() + CAPTCHA_TTL_MS);
      const challenge = await createChallenge({
        algorithm: CAPTCHA_ALGORITHM,
        cost: CAPTCHA_COST,
        counter: randomInt(maxNumber, Math.ceil(maxNumber / 2)),
        deriveKey,
        data: { id },
        expiresAt,
        hmacSignatureSecret,
        hmacKeySignatureSecret,
      });
      const parsed = captchaChallengeSchema.parse(challenge);
      await db.insert(captchaChallenges).values({
        id,
        answerHash: challengeHash(parsed.signature),
        expiresAt,
        createdAt: at,
      });
      // Expired challenges are useless: drop them while we are here.
      await db
        .delete(captchaChallenges)
        .where(lt(captchaChallenges.expiresAt, new Date(at.getTime() - CAPTCHA_TTL_MS)));
      return parsed;
    },

    /**
     * True only for a right solution to an unexpired, unused challenge of ours, which it spends.
     * Anything else, garbage included, is simply false.
     */
    async verify(token: string | undefined): Promise<boolean> {
      const payload = token === undefined ? null : decodePayload(token);
      if (!payload) return false;
      const result = await verifySolution({
        ...payload,
        deriveKey,
        hmacSignatureSecret,
        hmacKeySignatureSecret,
      }).catch(() => null);
      if (!result?.verified) return false;

      const at = now();
      const [row] = await db
        .update(captchaChallenges)
        .set({ usedAt: at })
        .where(
          and(
            eq(captchaChallenges.id, payload.challenge.parameters.data.id),
            eq(captchaChallenges.answerHash, challengeHash(payload.challenge.signature)),
            isNull(captchaChallenges.usedAt),
            gt(captchaChallenges.expiresAt, at),
          ),
        )
        .returning({ id: captchaChallenges.id });
      return row !== undefined;
    },
  };
}

export type CaptchaService = ReturnType<typeof createCaptchaService>;
