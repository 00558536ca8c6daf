import { leadingZeroBits } from '@portal/domain/challenge';

/**
 * The portal's proof of work (the API's platform/challenge): a nonce such that sha256(token + nonce) starts with
 * `difficulty` zero bits, found with Web Crypto in batches (2^16 tries on average: a fraction of a second). Web
 * Crypto needs a secure context (HTTPS or localhost), as the portal is served.
 */
export async function solveChallenge(token: string, difficulty: number, signal?: AbortSignal): Promise<string> {
  const encoder = new TextEncoder();
  const batch = 256;
  for (let start = 0; ; start += batch) {
    if (signal?.aborted) throw new DOMException('aborted', 'AbortError');
    const tries = Array.from({ length: batch }, (_v, i) => String(start + i));
    const hashes = await Promise.all(
      tries.map((nonce) => crypto.subtle.digest('SHA-256', encoder.encode(token + nonce))),
    );
    const found = hashes.findIndex((h) => leadingZeroBits(new Uint8Array(h), difficulty));
    if (found >= 0) return tries[found]!;
  }
}
