import { createHmac } from 'node:crypto';
import { SignJWT, decodeJwt, errors, jwtVerify } from 'jose';

/**
 * Client tokens: short-lived JWTs of their own kind. They are signed with a key derived from the portal's secret
 * for this purpose only and carry their own audience and type, so a client token is never a user's access token
 * (the users' verifier refuses its signature) and a user's token is never a client token (this one refuses it).
 */
export const CLIENT_TOKEN_TTL_SECONDS = 10 * 60;
const ISSUER = 'cong-atvsld';
const AUDIENCE = 'cong-atvsld-api-client';
const TYPE = 'client';

export interface ClientClaims {
  /** the linked account (client id) */
  sub: string;
  /** the secret the token was issued against: revoking it ends the token at once */
  sid: string;
  /** the datasets the token opens */
  scopes: string[];
}

const keys = new Map<string, Uint8Array>();
function keyOf(secret: string): Uint8Array {
  let key = keys.get(secret);
  if (!key) {
    key = new Uint8Array(createHmac('sha256', secret).update('api-client-token').digest());
    keys.set(secret, key);
  }
  return key;
}

export async function signClientToken(secret: string, claims: ClientClaims, now = Date.now()): Promise<string> {
  return new SignJWT({ sid: claims.sid, scope: claims.scopes.join(' '), typ: TYPE })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.sub)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt(Math.floor(now / 1000))
    .setExpirationTime(Math.floor(now / 1000) + CLIENT_TOKEN_TTL_SECONDS)
    .sign(keyOf(secret));
}

/** Whether a bearer token claims to be a client token (unverified: only to choose the verifier). */
export function claimsClientKind(token: string): boolean {
  try {
    return decodeJwt(token).typ === TYPE;
  } catch {
    return false;
  }
}

/**
 * Tokens whose signature was checked, with their expiry: a client sends the same token for up to ten minutes and
 * checking its HMAC again each time costs more than the rest of the gate. Whether its secret and account still
 * stand is read from the database on every call (loadClient). Bounded: the oldest entries go first.
 */
const verified = new Map<string, Map<string, { claims: ClientClaims; exp: number }>>();
const VERIFIED_MAX = 2000;

export async function verifyClientToken(secret: string, token: string): Promise<ClientClaims | null> {
  const known = verified.get(secret)?.get(token);
  if (known) {
    if (Date.now() / 1000 - 5 < known.exp) return known.claims;
    verified.get(secret)!.delete(token);
    return null;
  }
  try {
    const { payload } = await jwtVerify(token, keyOf(secret), {
      algorithms: ['HS256'],
      issuer: ISSUER,
      audience: AUDIENCE,
      requiredClaims: ['exp', 'sub'],
      clockTolerance: 5,
    });
    if (payload.typ !== TYPE || typeof payload.sub !== 'string' || typeof payload.sid !== 'string') return null;
    const scope = typeof payload.scope === 'string' ? payload.scope : '';
    const claims = { sub: payload.sub, sid: payload.sid, scopes: scope.split(' ').filter(Boolean) };
    let tokens = verified.get(secret);
    if (!tokens) verified.set(secret, (tokens = new Map()));
    if (tokens.size >= VERIFIED_MAX) tokens.delete(tokens.keys().next().value!);
    tokens.set(token, { claims, exp: payload.exp! });
    return claims;
  } catch (err) {
    if (err instanceof errors.JOSEError || err instanceof TypeError) return null;
    throw err;
  }
}
