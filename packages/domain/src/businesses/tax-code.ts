/**
 * Vietnamese enterprise tax codes (mã số thuế, MST): 10 digits, or 13 for a branch or dependent unit written
 * `0300588569-001`. The 10th digit checks the first nine: 10 − (Σ digit × weight mod 11), with the weights below;
 * a remainder giving 10 is never issued (Circular 105/2020/TT-BTC numbering).
 */
export const TAX_CODE_PATTERN = /^\d{10}(-\d{3})?$/;

const TAX_WEIGHTS = [31, 29, 23, 19, 17, 13, 7, 5, 3] as const;

/** The check digit of nine digits, or null when no valid code starts with them. */
export function taxCodeCheckDigit(first9: string): number | null {
  if (!/^\d{9}$/.test(first9)) return null;
  let sum = 0;
  for (let i = 0; i < 9; i++) sum += Number(first9[i]) * TAX_WEIGHTS[i]!;
  const check = 10 - (sum % 11);
  return check === 10 ? null : check;
}

/** Written as the registry writes it (`0300588569` or `0300588569-001`) with a valid check digit. */
export function isValidTaxCode(code: string): boolean {
  const m = /^(\d{9})(\d)(?:-(\d{3}))?$/.exec(code);
  if (!m) return false;
  if (m[3] === '000') return false;
  return taxCodeCheckDigit(m[1]!) === Number(m[2]);
}

/** A valid tax code derived from any text (tests and examples): same seed, same code; prefix 58 is Lâm Đồng. */
export function exampleTaxCode(seed: string, prefix = '58'): string {
  let h = 2166136261;
  for (const ch of seed) h = Math.imul(h ^ ch.charCodeAt(0), 16777619) >>> 0;
  for (let n = h % 10_000_000; ; n = (n + 1) % 10_000_000) {
    const first9 = `${prefix}${String(n).padStart(7, '0')}`;
    const check = taxCodeCheckDigit(first9);
    if (check !== null) return `${first9}${check}`;
  }
}
