import { createHmac } from 'node:crypto';
import { SignJWT, decodeJwt, errors, jwtVerify } from 'jose';
import { verifiedTokens } from '../../platform/auth/tokens.ts';

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

// Checked tokens are remembered as users' are (see verifiedTokens): the account and secret are still read on
// every call (loadClient).
const verified = verifiedTokens<ClientClaims>();

export async function verifyClientToken(secret: string, token: string): Promise<ClientClaims | null> {
  const known = verified.get(secret, token);
  if (known !== undefined) return known;
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
    verified.remember(secret, token, claims, payload.exp!);
    return claims;
  } catch (err) {
    if (err instanceof errors.JOSEError || err instanceof TypeError) return null;
    throw err;
  }
}
