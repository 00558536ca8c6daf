import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Encryption at rest for small secrets (TOTP seeds): AES-256-GCM with a key derived from the server secret,
 * so a database dump alone does not reveal them. Format: v1.<iv>.<tag>.<ciphertext> (base64url).
 */
const keys = new Map<string, Buffer>();
function keyFor(secret: string, purpose: string): Buffer {
  const id = `${purpose}\0${secret}`;
  let key = keys.get(id);
  if (!key) {
    key = Buffer.from(hkdfSync('sha256', secret, 'cong-atvsld', purpose, 32));
    keys.set(id, key);
  }
  return key;
}

export function seal(secret: string, purpose: string, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyFor(secret, purpose), iv);
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), data.toString('base64url')].join(
    '.',
  );
}

export function unseal(secret: string, purpose: string, sealed: string): string | null {
  const [version, iv, tag, data] = sealed.split('.');
  if (version !== 'v1' || !iv || !tag || data === undefined) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyFor(secret, purpose), Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
