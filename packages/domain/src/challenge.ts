/**
 * The portal's proof of work, asked where a person must be told apart from a script without a third-party
 * CAPTCHA: the public suggestion box, and a sign-in from an address that has made many failed sign-ins. The
 * browser finds a nonce such that sha256(token + nonce) starts with POW_BITS zero bits (2^16 hashes on average,
 * a fraction of a second with Web Crypto); the server checks it with one hash.
 */
export const POW_BITS = 16;
/** A challenge is good for this long, once. */
export const CHALLENGE_TTL_MS = 10 * 60 * 1000;

/** Does sha256(token + nonce), as bytes, start with `bits` zero bits? */
export function leadingZeroBits(hash: Uint8Array, bits: number): boolean {
  let left = bits;
  for (const byte of hash) {
    if (left <= 0) return true;
    if (left >= 8) {
      if (byte !== 0) return false;
      left -= 8;
    } else return byte >> (8 - left) === 0;
  }
  return left <= 0;
}
