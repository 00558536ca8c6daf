import { argon2, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/**
 * Password hashing with argon2id (node:crypto, Node 24.7+), stored as a PHC string
 * `$argon2id$v=19$m=19456,t=2,p=1$<salt>$<hash>` so parameters can be raised later and old hashes still verify.
 * Parameters: OWASP's argon2id minimum (19 MiB, 2 passes, 1 lane).
 */
const DEFAULTS = { memory: 19_456, passes: 2, parallelism: 1, tagLength: 32 };

function derive(password: string, salt: Buffer, p: typeof DEFAULTS): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    argon2('argon2id', { message: Buffer.from(password.normalize('NFC'), 'utf8'), nonce: salt, ...p }, (err, key) =>
      err ? reject(err) : resolve(key),
    );
  });
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await derive(password, salt, DEFAULTS);
  const { memory: m, passes: t, parallelism: p } = DEFAULTS;
  return `$argon2id$v=19$m=${m},t=${t},p=${p}$${salt.toString('base64url')}$${hash.toString('base64url')}`;
}

const PHC = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$([\w-]+)\$([\w-]+)$/;

export async function verifyPassword(stored: string | null | undefined, password: string): Promise<boolean> {
  const match = stored ? PHC.exec(stored) : null;
  if (!match) {
    // No usable hash (unknown user, invited account): spend the same time so timing reveals nothing.
    await derive(password, DUMMY_SALT, DEFAULTS);
    return false;
  }
  const [, m, t, p, saltText, hashText] = match;
  const expected = Buffer.from(hashText!, 'base64url');
  const actual = await derive(password, Buffer.from(saltText!, 'base64url'), {
    memory: Number(m),
    passes: Number(t),
    parallelism: Number(p),
    tagLength: expected.length,
  });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

const DUMMY_SALT = randomBytes(16);

/**
 * A password that satisfies the policy (@portal/domain/password-strength), for reissued passwords and the first
 * administrator's generated one: easy to read aloud, no look-alike characters. */
export function generatePassword(length = 12): string {
  const letters = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ';
  const digits = '23456789';
  const symbols = '@#$%&*';
  const all = letters + digits;
  const chars = [
    letters[randomInt(letters.length)]!,
    digits[randomInt(digits.length)]!,
    symbols[randomInt(symbols.length)]!,
  ];
  while (chars.length < length) chars.push(all[randomInt(all.length)]!);
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j]!, chars[i]!];
  }
  return chars.join('');
}
