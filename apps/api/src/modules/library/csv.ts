/**
 * RFC 4180: a field with a comma, quote, CR or LF is quoted, its quotes doubled; lines end with CRLF. A text
 * starting with = + - @ (or a tab or CR) would run as a formula in a spreadsheet: it gets a leading apostrophe
 * (OWASP's CSV-injection advice). Numbers are written as they are.
 */
export function csvField(value: unknown): string {
  if (value === null || value === undefined) return '';
  const s = typeof value === 'string' ? (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value) : String(value);
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export function csvLine(values: readonly unknown[]): string {
  return `${values.map(csvField).join(',')}\r\n`;
}

/** The byte-order mark Excel needs to read UTF-8 (Vietnamese) rather than the system's code page. */
export const BOM = '\uFEFF';
