import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { isReminderToken } from '@lumina/shared/reminders/reminders';

/** What a token opens: the same random part signed for one purpose cannot open the other. */
export type LinkPurpose = 'restore' | 'unsubscribe';

/** What the database keeps of a token: its SHA-256, never the token. */
export function linkTokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * Signed tokens for the links of reminder e-mails: 16 random bytes and the first 16 bytes of
 * their HMAC-SHA256 under a key derived from the JWT secret for this use alone, both base64url.
 * `verify` refuses a token the shop did not sign without touching the database, so a forged or
 * mistyped link costs one HMAC; a signed one is then looked up by its hash, which alone the
 * database keeps (a copy of the database opens no link).
 */
export function createLinkTokens(secret: string) {
  const key = createHmac('sha256', secret).update('lumina reminder links').digest();
  const signatureOf = (purpose: LinkPurpose, random: string) =>
    createHmac('sha256', key)
      .update(`${purpose}:${random}`)
      .digest()
      .subarray(0, 16)
      .toString('base64url');

  return {
    issue(purpose: LinkPurpose): { token: string; hash: string } {
      const random = randomBytes(16).toString('base64url');
      const token = `${random}.${signatureOf(purpose, random)}`;
      return { token, hash: linkTokenHash(token) };
    },

    /** The token's hash when the shop signed it for `purpose`; undefined otherwise. */
    verify(purpose: LinkPurpose, token: string): string | undefined {
      if (!isReminderToken(token)) return undefined;
      const [random = '', signature = ''] = token.split('.');
      // Compared as text: base64url has spare bits, so two spellings may decode alike.
      const given = Buffer.from(signature);
      const expected = Buffer.from(signatureOf(purpose, random));
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
      return linkTokenHash(token);
    },
  };
}

export type LinkTokens = ReturnType<typeof createLinkTokens>;
