import {
  createCipheriv,
  createDecipheriv,
  createHash,
  hkdfSync,
  randomBytes,
  timingSafeEqual,
} from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/** A URL-safe random token with `bytes` bytes of entropy. */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** Tokens are looked up by their SHA-256; the token itself is never stored. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

export type Secrets = {
  encrypt: (plain: string) => string;
  decrypt: (sealed: string) => string;
  /** A key derived for one purpose (cookie signing, state), so one leak does not reveal the others. */
  derive: (purpose: string) => Buffer;
};

/** AES-256-GCM with a key derived from SECRET_KEY; sealed values read `v1.<iv>.<tag>.<ciphertext>`. */
export function createSecrets(secretKey: string): Secrets {
  // Derived once per purpose: HKDF is far slower than the HMAC it keys, and an engine run over a big calendar
  // signs a prevent-decline token for each of thousands of actions.
  const derived = new Map<string, Buffer>();
  const derive = (purpose: string) => {
    let key = derived.get(purpose);
    if (!key) {
      key = Buffer.from(hkdfSync('sha256', secretKey, 'meetwell', purpose, 32));
      derived.set(purpose, key);
    }
    return Buffer.from(key);
  };
  const key = derive('encryption');
  return {
    derive,
    encrypt(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [
        'v1',
        iv.toString('base64url'),
        cipher.getAuthTag().toString('base64url'),
        body.toString('base64url'),
      ].join('.');
    },
    decrypt(sealed) {
      const [version, iv, tag, body] = sealed.split('.');
      if (version !== 'v1' || !iv || !tag || body === undefined) throw new Error('Unreadable sealed value');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString(
        'utf8',
      );
    },
  };
}

/** SECRET_KEY when set; otherwise a key generated once and kept in DATA_DIR (embedded and development use). */
export async function resolveSecretKey(configured: string | undefined, dataDir: string): Promise<string> {
  if (configured) return configured;
  const file = path.join(dataDir, 'secret.key');
  const existing = await fs.readFile(file, 'utf8').catch(() => null);
  if (existing && existing.trim().length >= 32) return existing.trim();
  await fs.mkdir(dataDir, { recursive: true });
  const key = randomToken(48);
  await fs.writeFile(file, key, { mode: 0o600 });
  return key;
}
