import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../src/modules/accounts/seed.ts';
import { signIn, type Session } from '../support/accounts.ts';
import { createTestApp, type TestApp } from '../support/app.ts';
import { caller } from '../support/calls.ts';

/**
 * The demo province's filings: the demo employers, commune, service centre and department have reports in every
 * state (a draft, filed and waiting, returned with comments on fields, accepted after a return with two versions, a
 * late one), their receipts numbered in filing order, their histories as the moves made them.
 */
let t: TestApp;
let call: ReturnType<typeof caller>;
let employer: Session;
let department: Session;
let commune: Session;

beforeAll(async () => {
  t = await createTestApp({}, {}, { demo: true });
  call = caller(t);
  employer = await signIn(t, { userName: 'dn.rauhoa', password: DEMO_PASSWORD });
  department = await signIn(t, { userName: 'canbo.so', password: DEMO_PASSWORD });
  commune = await signIn(t, { userName: 'canbo.xuanhuong', password: DEMO_PASSWORD });
});
afterAll(async () => t?.close());

type Row = { submissionId: string | null; status: string; late: boolean | null; mine: boolean; typeCode: string };

const list = async (who: Session, query: Record<string, string> = {}) => {
  const res = await call(who, 'GET', '/api/Report/submissions', undefined, { pageSize: '200', ...query });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().pageLists as Row[];
};

describe('the demo filings', () => {
  it('has every state, with versions, events and comments', async () => {
    const { rows } = await sql<{ status: string; n: number }>`select status, count(*)::int as n from report_submission
      where deleted_at is null group by status`.execute(t.database.db);
    const by = Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
    expect(by.draft).toBeGreaterThan(0);
    expect(by.submitted).toBeGreaterThan(0);
    expect(by.returned).toBeGreaterThan(0);
    expect(by.accepted).toBeGreaterThan(0);
    const late = await sql<{ n: number }>`select count(*)::int as n from report_submission s
      join report_expected e on e.id = s.expected_id where s.first_submitted_on > e.due_on`.execute(t.database.db);
    expect(late.rows[0]!.n).toBeGreaterThan(0);
    const twice = await sql<{ n: number }>`select count(*)::int as n from (select submission_id from
      report_submission_version group by submission_id having count(*) >= 2) x`.execute(t.database.db);
    expect(twice.rows[0]!.n).toBeGreaterThan(0);
    // Every filed report has a version per filing and its events; numbers follow the filing order within a year.
    const filed = await sql<{ number: string; at: Date }>`select number, first_submitted_at as at from report_submission
      where number is not null order by first_submitted_at`.execute(t.database.db);
    const seqOf = (n: string) => Number(n.split('/')[0]);
    const years = new Map<string, number[]>();
    for (const f of filed.rows)
      years.set(f.number.split('/')[1]!, [...(years.get(f.number.split('/')[1]!) ?? []), seqOf(f.number)]);
    for (const seqs of years.values()) expect(seqs).toEqual(seqs.map((_s, i) => i + 1));
  });

  it('shows the employer its returned report first, with the department’s comments on fields', async () => {
    const mine = await list(employer);
    expect(mine.every((r) => r.mine)).toBe(true);
    expect(mine[0]!.status).toBe('returned');
    const d = await call(employer, 'GET', `/api/Report/submissions/${mine[0]!.submissionId}`);
    expect(d.statusCode).toBe(200);
    expect(d.json().returned.reason).toBeTruthy();
    expect(Object.keys(d.json().returned.comments).length).toBeGreaterThan(0);
    expect(d.json().actions).toEqual(['edit', 'resubmit']);
  });

  it('gives the department its queue of filed reports, and the commune its area', async () => {
    const queue = await list(department, { status: 'submitted' });
    expect(queue.length).toBeGreaterThan(0);
    expect(queue.some((r) => r.late)).toBe(true);
    const area = await list(commune);
    expect(area.some((r) => r.mine && r.typeCode === 'commune-osh')).toBe(true);
    expect(area.some((r) => !r.mine)).toBe(true);
  });
});
