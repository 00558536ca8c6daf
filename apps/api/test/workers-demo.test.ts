import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runSeeds } from '../src/seed/index.ts';
import { generateWorkers } from '../src/modules/workers/generate.ts';
import { parseCitizenIdNumber } from '../src/seed/demo/names.ts';
import { demoSeedContext, createTestApp, type TestApp } from './support/app.ts';

/** The demo province's workers: realistic, the same on every install, written once. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

async function fingerprint() {
  const r = await sql<{
    workers: number;
    digest: string;
    diseases: number;
    courses: number;
    participants: number;
    overtime: number;
  }>`select
      (select count(*)::int from worker where deleted_at is null) as workers,
      (select md5(string_agg(concat_ws('|', full_name, citizen_id, passport_number, birth_date, sex, business_id), ',' order by coalesce(citizen_id, passport_number))) from worker) as digest,
      (select count(*)::int from occupational_disease) as diseases,
      (select count(*)::int from training where code like 'HL-%-2025') as courses,
      (select count(*)::int from training_worker tw join training tr on tr.id = tw.training_id
        where tr.code like 'HL-%-2025') as participants,
      (select count(*)::int from worker_overtime) as overtime`.execute(t.database.db);
  return r.rows[0]!;
}

describe('demo workers', () => {
  it('seeds a few hundred realistic workers with cases and courses, idempotently', { timeout: 300_000 }, async () => {
    const ctx = demoSeedContext(t);
    await runSeeds(ctx);
    const first = await fingerprint();
    expect(first.workers).toBeGreaterThanOrEqual(250);
    expect(first.workers).toBeLessThan(1000);
    expect(first).toMatchObject({ diseases: 5, courses: 2, participants: 80, overtime: 20 });
    await runSeeds(ctx);
    expect(await fingerprint()).toEqual(first);

    const sample = await sql<{
      citizen_id: string;
      sex: string;
      birth_date: string;
    }>`select citizen_id, sex, birth_date from worker
        where citizen_id is not null order by citizen_id limit 50`.execute(t.database.db);
    for (const w of sample.rows) {
      const parsed = parseCitizenIdNumber(w.citizen_id)!;
      expect(parsed.sex).toBe(w.sex);
      expect(parsed.birthYear).toBe(Number(w.birth_date.slice(0, 4)));
    }
    // The generator itself is deterministic.
    expect(generateWorkers('x', 5, { referenceDate: '2025-07-01' })).toEqual(
      generateWorkers('x', 5, { referenceDate: '2025-07-01' }),
    );
  });
});
