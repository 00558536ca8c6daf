import { createHash, randomInt } from 'node:crypto';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { seal, unseal } from '../../platform/auth/secret-box.ts';

/**
 * Two-factor sign-in with an authenticator app (TOTP, RFC 6238: SHA-1, 6 digits, 30 s — what every app
 * supports). Secrets are sealed at rest; a code is accepted once (the last accepted time step is kept) and
 * one step of clock drift either way is tolerated. Recovery codes are single-use and stored hashed.
 */
type Executor = Kysely<DB> | Transaction<DB>;

const PURPOSE = 'totp-secret';
export const RECOVERY_CODE_COUNT = 10;
const ISSUER = 'Cổng ATVSLĐ';

export function newTotpSecret(): string {
  return generateSecret({ length: 20 });
}

export function sealSecret(serverSecret: string, secret: string): string {
  return seal(serverSecret, PURPOSE, secret);
}

export function unsealSecret(serverSecret: string, sealed: string | null): string | null {
  return sealed ? unseal(serverSecret, PURPOSE, sealed) : null;
}

export async function enrolment(
  secret: string,
  label: string,
): Promise<{ secret: string; otpauthUrl: string; qrCode: string }> {
  const otpauthUrl = generateURI({ issuer: ISSUER, label, secret });
  const qrCode = await QRCode.toDataURL(otpauthUrl, { errorCorrectionLevel: 'M', margin: 1, width: 220 });
  return { secret, otpauthUrl, qrCode };
}

/** The time step of a valid, not yet used code; null otherwise. */
export async function checkTotp(secret: string, code: string, lastStep: number | null): Promise<number | null> {
  const token = code.replace(/\s+/g, '');
  if (!/^\d{6}$/.test(token)) return null;
  try {
    const result = await verify({
      secret,
      token,
      epochTolerance: 30,
      ...(lastStep !== null ? { afterTimeStep: lastStep } : {}),
    });
    // The TOTP result carries the matched time step (the functional API types it as TOTP | HOTP).
    return result.valid && 'timeStep' in result && typeof result.timeStep === 'number' ? result.timeStep : null;
  } catch {
    return null;
  }
}

// Recovery codes: 10 groups of xxxx-xxxx from an alphabet without look-alikes.
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

function normaliseRecoveryCode(code: string): string {
  return code.toLowerCase().replace(/[^a-z0-9]/g, '');
}

function hashRecoveryCode(code: string): string {
  return createHash('sha256')
    .update(`recovery:${normaliseRecoveryCode(code)}`)
    .digest('base64url');
}

export function looksLikeRecoveryCode(code: string): boolean {
  return normaliseRecoveryCode(code).length === 10;
}

/** Replace the user's recovery codes; returns the new codes (shown once). */
export async function newRecoveryCodes(db: Executor, userId: string): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    let s = '';
    for (let i = 0; i < 10; i++) s += ALPHABET[randomInt(ALPHABET.length)];
    return `${s.slice(0, 5)}-${s.slice(5)}`;
  });
  await db.deleteFrom('recovery_code').where('user_id', '=', userId).execute();
  await db
    .insertInto('recovery_code')
    .values(codes.map((c) => ({ user_id: userId, code_hash: hashRecoveryCode(c) })))
    .execute();
  return codes;
}

/** Spend a recovery code; true when it was valid and unused. */
export async function useRecoveryCode(db: Executor, userId: string, code: string): Promise<boolean> {
  const row = await db
    .updateTable('recovery_code')
    .set({ used_at: new Date() })
    .where('user_id', '=', userId)
    .where('code_hash', '=', hashRecoveryCode(code))
    .where('used_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return !!row;
}

export async function remainingRecoveryCodes(db: Executor, userId: string): Promise<number> {
  const row = await db
    .selectFrom('recovery_code')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
