import type { ResultRow } from './harness.ts';

interface Column {
  header: string;
  align: 'left' | 'right';
  value(row: ResultRow): string;
}

const ms = (v: number | undefined) => (v === undefined || Number.isNaN(v) ? '' : v < 10 ? v.toFixed(2) : v.toFixed(1));
const int = (v: number | undefined) => (v === undefined ? '' : Math.round(v).toLocaleString('en-US'));

const columns: Column[] = [
  { header: 'measurement', align: 'left', value: (r) => r.measurement },
  { header: 'database', align: 'left', value: (r) => r.database },
  { header: 'side', align: 'left', value: (r) => r.side ?? '' },
  { header: 'rows', align: 'right', value: (r) => int(r.rows) },
  { header: 'req/s', align: 'right', value: (r) => int(r.requestsPerSecond) },
  { header: 'p50 ms', align: 'right', value: (r) => ms(r.p50Ms) },
  { header: 'p95 ms', align: 'right', value: (r) => ms(r.p95Ms) },
  { header: 'p99 ms', align: 'right', value: (r) => ms(r.p99Ms) },
  { header: 'ratio vs bare', align: 'right', value: (r) => (r.ratio === undefined ? '' : r.ratio.toFixed(2)) },
  { header: 'RSS peak MB', align: 'right', value: (r) => int(r.rssPeakMb) },
  { header: 'figure', align: 'right', value: (r) => r.figure ?? '' },
  { header: 'goal', align: 'left', value: (r) => r.goal ?? '' },
  { header: 'status', align: 'left', value: (r) => r.status },
];

/** A Markdown table, aligned for the terminal; columns no row fills are left out. */
export function formatTable(rows: ResultRow[]): string {
  const used = columns.filter((c) => c.header === 'measurement' || rows.some((r) => c.value(r) !== ''));
  const cells = rows.map((r) => used.map((c) => c.value(r)));
  const widths = used.map((c, i) => Math.max(c.header.length, ...cells.map((line) => line[i]?.length ?? 0)));
  const pad = (text: string, i: number) =>
    used[i]?.align === 'right' ? text.padStart(widths[i] ?? 0) : text.padEnd(widths[i] ?? 0);
  const line = (values: string[]) => `| ${values.map(pad).join(' | ')} |`;
  const rule = `|${used.map((c, i) => (c.align === 'right' ? `${'-'.repeat((widths[i] ?? 0) + 1)}:` : '-'.repeat((widths[i] ?? 0) + 2))).join('|')}|`;
  return [line(used.map((c) => c.header)), rule, ...cells.map(line)].join('\n');
}
