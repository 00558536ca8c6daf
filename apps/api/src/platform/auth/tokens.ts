import { createHash, randomBytes } from 'node:crypto';
import { SignJWT, jwtVerify, errors } from 'jose';

/** Access tokens are short-lived JWTs (HS256); everything else is an opaque random token stored as a hash. */
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const REFRESH_TOKEN_TTL_SECONDS = 14 * 24 * 3600;
const ISSUER = 'cong-atvsld';
const AUDIENCE = 'cong-atvsld-api';

export interface AccessClaims {
  /** user id */
  sub: string;
  /** session (refresh-token family) id */
  sid: string;
}

const keys = new Map<string, Uint8Array>();
function keyOf(secret: string): Uint8Array {
  let key = keys.get(secret);
  if (!key) {
    key = new TextEncoder().encode(secret);
    keys.set(secret, key);
  }
  return key;
}

export async function signAccessToken(
  secret: string,
  claims: AccessClaims,
  ttlSeconds = ACCESS_TOKEN_TTL_SECONDS,
): Promise<string> {
  return new SignJWT({ sid: claims.sid, typ: 'access' })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.sub)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
    .sign(keyOf(secret));
}

const CLOCK_TOLERANCE_SECONDS = 5;

/**
 * Tokens whose signature and claims were checked, with their expiry: every API call carries the same token for
 * its whole life, and checking its HMAC through WebCrypto again each time costs more than the rest of the
 * token's handling. Only what the token itself proves is kept (signature, issuer, audience, type); expiry is
 * checked again on every use, and whether the session (or client) and the account are still valid is read from
 * the database on every request. Bounded per secret: the oldest entries go first. Users' access tokens and API
 * clients' tokens each keep one.
 */
export function verifiedTokens<C>(max = 2000) {
  const bySecret = new Map<string, Map<string, { claims: C; exp: number }>>();
  return {
    /** The claims of a token verified before and not yet expired; null when it has expired; undefined if unknown. */
    get(secret: string, token: string): C | null | undefined {
      const known = bySecret.get(secret)?.get(token);
      if (!known) return undefined;
      if (Date.now() / 1000 - CLOCK_TOLERANCE_SECONDS < known.exp) return known.claims;
      bySecret.get(secret)!.delete(token);
      return null;
    },
    remember(secret: string, token: string, claims: C, exp: number): void {
      let tokens = bySecret.get(secret);
      if (!tokens) bySecret.set(secret, (tokens = new Map()));
      if (tokens.size >= max) tokens.delete(tokens.keys().next().value!);
      tokens.set(token, { claims, exp });
    },
  };
}

const verified = verifiedTokens<AccessClaims>();

/**
 * The claims of a genuine access token, or null. `allowExpired` is for the refresh call, which receives the
 * expired access token beside the refresh token and checks that both belong to the same session.
 */
export async function verifyAccessToken(
  secret: string,
  token: string,
  options: { allowExpired?: boolean } = {},
): Promise<AccessClaims | null> {
  const known = options.allowExpired ? undefined : verified.get(secret, token);
  if (known !== undefined) return known;
  try {
    const { payload } = await jwtVerify(token, keyOf(secret), {
      algorithms: ['HS256'],
      issuer: ISSUER,
      audience: AUDIENCE,
      // A token that never expires is not one this portal issues: refuse it rather than trust it forever.
      requiredClaims: ['exp', 'sub'],
      // jose checks exp against now minus the tolerance; a huge tolerance accepts an expired token.
      clockTolerance: options.allowExpired ? 10 * 365 * 24 * 3600 : CLOCK_TOLERANCE_SECONDS,
    });
    if (payload.typ !== 'access' || typeof payload.sub !== 'string' || typeof payload.sid !== 'string') return null;
    const claims = { sub: payload.sub, sid: payload.sid };
    if (!options.allowExpired) verified.remember(secret, token, claims, payload.exp!);
    return claims;
  } catch (err) {
    if (err instanceof errors.JOSEError || err instanceof TypeError) return null;
    throw err;
  }
}

/** 256 bits, URL-safe. */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** Tokens are high-entropy, so a plain SHA-256 is enough to store them. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('base64url');
}

export function bearerToken(header: string | undefined): string | null {
  if (!header) return null;
  const match = /^Bearer\s+([\w.~+/=-]+)\s*$/i.exec(header);
  return match ? match[1]! : null;
}
