import { createHash, randomInt, randomUUID } from 'node:crypto';
import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { captchaChallenges } from '../../db/schema/security.ts';
import { CAPTCHA_ALPHABET, captchaDataUrl, renderCaptchaSvg } from './captcha-image.ts';

export const CAPTCHA_LENGTH = 5;
export const CAPTCHA_TTL_MS = 5 * 60 * 1000;

/** A captcha_token is '<captcha_id>:<answer>'; the id is the uuid GET /api/auth/captcha gave. */
const TOKEN = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}):(.{1,32})$/i;

export interface CaptchaChallenge {
  captcha_id: string;
  /** data:image/svg+xml;base64,... */
  image: string;
}

function randomAnswer(): string {
  let answer = '';
  for (let i = 0; i < CAPTCHA_LENGTH; i += 1) {
    answer += CAPTCHA_ALPHABET[randomInt(CAPTCHA_ALPHABET.length)];
  }
  return answer;
}

function normalizeAnswer(answer: string): string {
  return answer.replace(/\s+/g, '').toUpperCase();
}

function answerHash(id: string, answer: string): string {
  return createHash('sha256')
    .update(`${id.toLowerCase()}:${normalizeAnswer(answer)}`)
    .digest('hex');
}

/**
 * Image challenges kept in the database (so any process can check them): the answer is stored
 * only as a hash, lives 5 minutes and is spent by the first attempt, right or wrong.
 * `generateAnswer` is injectable so tests know what the picture says.
 */
export function createCaptchaService({
  db,
  now,
  generateAnswer = randomAnswer,
}: {
  db: Db;
  now: () => Date;
  generateAnswer?: () => string;
}) {
  return {
    async create(): Promise<CaptchaChallenge> {
      const at = now();
      const answer = normalizeAnswer(generateAnswer());
      const id = randomUUID();
      await db.insert(captchaChallenges).values({
        id,
        answerHash: answerHash(id, answer),
        expiresAt: new Date(at.getTime() + CAPTCHA_TTL_MS),
        createdAt: at,
      });
      // Expired challenges are useless: drop them while we are here.
      await db
        .delete(captchaChallenges)
        .where(lt(captchaChallenges.expiresAt, new Date(at.getTime() - CAPTCHA_TTL_MS)));
      return { captcha_id: id, image: captchaDataUrl(renderCaptchaSvg(answer)) };
    },

    /** True only for the right answer to an unexpired, unused challenge; spends it either way. */
    async verify(token: string | undefined): Promise<boolean> {
      const match = token === undefined ? null : TOKEN.exec(token.trim());
      if (!match) return false;
      const id = (match[1] ?? '').toLowerCase();
      const answer = match[2] ?? '';
      const at = now();
      const [row] = await db
        .update(captchaChallenges)
        .set({ usedAt: at })
        .where(
          and(
            eq(captchaChallenges.id, id),
            isNull(captchaChallenges.usedAt),
            gt(captchaChallenges.expiresAt, at),
          ),
        )
        .returning({ answerHash: captchaChallenges.answerHash });
      return row !== undefined && row.answerHash === answerHash(id, answer);
    },
  };
}

export type CaptchaService = ReturnType<typeof createCaptchaService>;
