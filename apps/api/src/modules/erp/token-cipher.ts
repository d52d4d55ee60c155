import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { readOrCreateSecretFile } from '../../lib/secret-file.ts';

export const BLING_KEY_FILE = 'bling-token-key';

/** Encrypts the Bling tokens at rest: AES-256-GCM, a fresh nonce per value, 'v1.' versioned. */
export interface TokenCipher {
  seal(plain: string): string;
  /** Throws when the value was not sealed with this key (a changed key, a tampered row). */
  open(sealed: string): string;
}

function keyBytes(text: string): Buffer {
  const trimmed = text.trim();
  if (/^[0-9a-f]{64}$/i.test(trimmed)) return Buffer.from(trimmed, 'hex');
  const decoded = Buffer.from(trimmed, 'base64');
  if (decoded.length === 32) return decoded;
  // A generated key file holds 32 random bytes in base64url; anything else of enough length
  // (a passphrase) is stretched by SHA-256 rather than refused.
  if (trimmed.length >= 32) return createHash('sha256').update(trimmed).digest();
  throw new Error('BLING_TOKEN_KEY must be 32 bytes (64 hex characters or base64)');
}

export function createTokenCipher(keyText: string): TokenCipher {
  const key = keyBytes(keyText);
  return {
    seal(plain) {
      const nonce = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, nonce);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v1', nonce, cipher.getAuthTag(), body]
        .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
        .join('.');
    },
    open(sealed) {
      const [version, nonce, tag, body] = sealed.split('.');
      if (version !== 'v1' || !nonce || !tag || body === undefined) {
        throw new Error('not a sealed Bling token');
      }
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(nonce, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([
        decipher.update(Buffer.from(body, 'base64url')),
        decipher.final(),
      ]).toString('utf8');
    },
  };
}

/** BLING_TOKEN_KEY, else a key generated into DATA_DIR/bling-token-key (mode 0600). */
export function resolveTokenCipher(config: {
  blingTokenKey: string | undefined;
  dataDir: string;
}): TokenCipher {
  return createTokenCipher(
    config.blingTokenKey ?? readOrCreateSecretFile(config.dataDir, BLING_KEY_FILE),
  );
}
