import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { generateWorkers } from '../../../apps/api/src/modules/workers/generate.ts';
import { hashPassword } from '../../../apps/api/src/platform/auth/passwords.ts';
import { judge, settleImport, type BenchContext, type Goal, type Measurement, type ResultRow } from '../harness.ts';

/**
 * Does one large import stall the portal? A 50 000-row worker import (about 5 MB of JSON, as the import page sends
 * a filled-in template) runs, first as a dry run, then for real, while one user calls `GET /api/health` again and
 * again; the health calls' latencies during the import are the figure. Both the app and this client run in the
 * bench process, so a stretch the import holds the thread shows in every call made during it.
 */

const ROWS = 50_000;
/** A pause between health calls, so the client does not itself keep the thread busy. */
const PAUSE_MS = 5;
const MAX_P99_MS = 100;

async function login(baseUrl: string, userName: string, password: string): Promise<Record<string, string>> {
  const res = await fetch(`${baseUrl}/api/Account/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ userName, password }),
  });
  if (res.status !== 200) throw new Error(`bench sign-in failed: ${res.status} ${await res.text()}`);
  const { accessToken } = (await res.json()) as { accessToken: string };
  return { authorization: `Bearer ${accessToken}` };
}

/** An employer of its own (removed with its workers afterwards) and a department user who may import workers. */
async function prepare(ctx: BenchContext): Promise<{ headers: Record<string, string>; taxCode: string }> {
  const db = ctx.database.db;
  const suffix = randomBytes(4).toString('hex');
  const taxCode = `58${String(randomBytes(4).readUInt32BE() % 1e8).padStart(8, '0')}`;
  await sql`insert into business (code, name, ward_code, status, source, created_by)
      values (${taxCode}, ${`Công ty TNHH Nhập thử ${suffix}`}, (select code from admin_unit where level = 'ward' and generation = '2025' limit 1) , 'active', 'bench-import', 'bench')`.execute(
    db,
  );
  const userName = `bench_imp_${suffix}`;
  const password = `Bench#${randomBytes(6).toString('hex')}`;
  const unit = await sql<{
    id: string;
  }>`select id from unit where kind = 'department' order by created_at limit 1`.execute(db);
  const type = await sql<{ id: string }>`insert into user_type (code, name, role, permissions)
      values (${`BENCH_IMP_${suffix}`}, ${`Bench import ${suffix}`}, 'client', ${JSON.stringify(['Worker.read', 'Worker.import'])}::jsonb)
      returning id`.execute(db);
  await sql`insert into app_user (user_name, full_name, unit_id, user_type_id, status, password_hash, password_changed_at)
      values (${userName}, 'Bench import', ${unit.rows[0]!.id}, ${type.rows[0]!.id}, 'active', ${await hashPassword(password)}, now())`.execute(
    db,
  );
  return { headers: await login(ctx.apiBaseUrl, userName, password), taxCode };
}

async function cleanUp(ctx: BenchContext): Promise<void> {
  const db = ctx.database.db;
  await sql`delete from worker where business_id in (select id from business where source = 'bench-import')`.execute(
    db,
  );
  await sql`delete from business where source = 'bench-import'`.execute(db);
  await sql`delete from audit_log where subject = 'Worker' and action = 'import'`.execute(db);
  await sql`vacuum analyze worker`.execute(db);
}

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;

/** Health calls, one at a time, sent until `done` settles; their latencies. */
async function probeHealth(baseUrl: string, done: Promise<unknown>): Promise<number[]> {
  let finished = false;
  void done.finally(() => {
    finished = true;
  });
  const latencies: number[] = [];
  while (!finished) {
    const started = performance.now();
    const res = await fetch(`${baseUrl}/api/health`);
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`health answered ${res.status}`);
    // A call sent during the import counts even when it ends after it (it waited for the import).
    latencies.push(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, PAUSE_MS));
  }
  return latencies;
}

const p99Goal: Goal = {
  label: `health p99 ≤ ${MAX_P99_MS} ms`,
  met: (row) => (row.p99Ms ?? Number.POSITIVE_INFINITY) <= MAX_P99_MS,
};

export const importHealth: Measurement = {
  name: 'health during import',
  description: `GET /api/health latency while a ${ROWS.toLocaleString('en-US')}-row worker import (≈ 5 MB JSON) runs: dry run, then stored`,
  async run(ctx) {
    await cleanUp(ctx);
    const { headers, taxCode } = await prepare(ctx);
    // Enum cells as values (the import takes a value or its label alike).
    const body = generateWorkers(`bench-import-${taxCode}`, ROWS, { referenceDate: '2026-01-01' }).map((w, i) => ({
      fullName: w.fullName,
      citizenId: w.citizenId,
      passportNumber: w.passportNumber,
      birthDate: w.birthDate,
      sex: w.sex,
      nationality: w.nationality,
      workingForm: w.workingForm,
      startDate: w.startDate,
      phone: w.phone,
      businessId: taxCode,
      rowNumber: i + 2,
    }));
    const payload = JSON.stringify(body);
    const rows: ResultRow[] = [];
    try {
      for (const dryRun of [true, false]) {
        const started = performance.now();
        const sent = fetch(`${ctx.apiBaseUrl}/api/Worker/import-worker-from-json${dryRun ? '?dryRun=true' : ''}`, {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json' },
          body: payload,
        });
        // A save this large runs in the background (202, then its status): the probe runs until the run is done.
        // It stops when the final answer begins: reading its verdicts here is this client's work, not the server's.
        let answered!: () => void;
        const finalAnswer = new Promise<void>((resolve) => (answered = resolve));
        const answer = settleImport(ctx.apiBaseUrl, headers, sent, () => answered());
        const latencies = await probeHealth(ctx.apiBaseUrl, Promise.race([finalAnswer, answer]));
        const settled = await answer;
        const seconds = (performance.now() - started) / 1000;
        const status = settled.status;
        const result = settled.body as unknown;
        const data = settled.body.data;
        const ok = status === 200 && data?.length === ROWS;
        const invalid = data?.filter((r) => !r.isSuccess).length ?? 0;
        latencies.sort((a, b) => a - b);
        const row: ResultRow = {
          measurement: `health during import${dryRun ? ' (dry run)' : settled.background ? ' (stored, background)' : ' (stored)'}`,
          database: ctx.kind,
          rows: ROWS,
          ...(latencies.length
            ? { p50Ms: quantile(latencies, 0.5), p95Ms: quantile(latencies, 0.95), p99Ms: quantile(latencies, 0.99) }
            : {}),
          figure: `import ${seconds.toFixed(1)} s (${(payload.length / 2 ** 20).toFixed(1)} MB, ${invalid} rows refused); health ×${latencies.length}, max ${latencies.length ? latencies.at(-1)!.toFixed(0) : '—'} ms`,
          status: ok ? '—' : 'error',
          detail: { seconds, status, healthMs: latencies, invalid, ...(ok ? {} : { answer: result }) },
        };
        ctx.log(`  ${row.measurement}: ${row.figure}, p99 ${row.p99Ms?.toFixed(0) ?? '—'} ms`);
        rows.push(judge(row, [p99Goal]));
      }
    } finally {
      await cleanUp(ctx);
    }
    return rows;
  },
};
