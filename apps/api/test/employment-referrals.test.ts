import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogRegistry } from '../src/catalog/registry.ts';
import { clock } from '../src/platform/clock/index.ts';
import { addMonths } from '@portal/domain/dates';
import {
  api,
  createCatalogTestApp,
  readXlsx,
  sheetRows,
  WARDS,
  type CatalogTestApp,
  type Who,
} from './catalog.fixtures.ts';
import { readPdf } from './support/pdf.ts';
import { employmentCentre } from '@portal/domain/report-forms/definitions/employment-centre';
import { registerFigures } from '../src/modules/reports/filing/figures.ts';

/**
 * Referrals: the centre refers a consenting job seeker to an open vacancy; the employer answers in the portal
 * (seen, hired, refused with a reason); a hire sets the follow-up due three months on (the deadline rule in force)
 * and places the seeker; unanswered referrals lapse at night; every move is checked by the workflow's table.
 */
let t: CatalogTestApp;
const seekers = catalogRegistry.get('jobSeeker');
const vacancies = catalogRegistry.get('vacancy');
const start = clock.today();
const inDays = (from: string, n: number) =>
  new Date(Date.parse(`${from}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
let occupation = '';

beforeAll(async () => {
  t = await createCatalogTestApp({ testClock: true });
  occupation = (
    await sql<{ id: string }>`select id from type_of_profession where code = '74' and deleted_at is null`.execute(
      t.database.db,
    )
  ).rows[0]!.id;
});
afterAll(async () => {
  await t?.request({ method: 'PUT', url: '/api/Test/clock', headers: t.as('admin'), payload: { today: null } });
  await t?.close();
});

async function create(area: typeof seekers, who: Who, body: Record<string, unknown>) {
  const res = await t.request({ method: 'POST', url: api(area, area.paths.create), headers: t.as(who), payload: body });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { id: string }).id;
}
const vacancy = (code: string, quantity: number) =>
  create(vacancies, 'employerA', {
    code,
    title: `Thợ điện ${code}`,
    occupationId: occupation,
    quantity,
    adminUnitId: WARDS[0],
    postedDate: start,
    closingDate: inDays(start, 150),
  });
const seeker = (code: string, citizenId: string, consentToShare: boolean) =>
  create(seekers, 'department', {
    code,
    fullName: `Người tìm việc ${code}`,
    citizenId,
    adminUnitId: WARDS[0],
    occupationId: occupation,
    registeredDate: start,
    consentToShare,
  });
const refer = (who: Who, seekerId: string, vacancyId: string) =>
  t.request({
    method: 'POST',
    url: '/api/JobReferral/jobReferrals',
    headers: t.as(who),
    payload: { seekerId, vacancyId, note: 'Phù hợp với yêu cầu' },
  });
const moveTo = (who: Who, action: string, id: string, body: Record<string, unknown> = {}) =>
  t.request({ method: 'POST', url: `/api/JobReferral/${action}/${id}`, headers: t.as(who), payload: body });
const setToday = (today: string) =>
  t.request({ method: 'PUT', url: '/api/Test/clock', headers: t.as('admin'), payload: { today } });

describe('job referrals', () => {
  let v1 = '';
  let v2 = '';
  let s1 = '';
  let s3 = '';
  let referral = '';
  let waiting = '';

  it('refers a consenting seeker to an open vacancy, once, and only from the centre', async () => {
    v1 = await vacancy('TD-GT-1', 1);
    v2 = await vacancy('TD-GT-2', 5);
    s1 = await seeker('TV-GT-1', '068095007001', true);
    const s2 = await seeker('TV-GT-2', '068095007002', false);
    s3 = await seeker('TV-GT-3', '068095007003', true);

    const noConsent = await refer('department', s2, v1);
    expect(noConsent.statusCode).toBe(400);
    expect(noConsent.json().error.details[0]).toMatchObject({ field: 'seekerId', code: 'noConsent' });
    expect((await refer('employerA', s1, v1)).statusCode).toBe(403);

    const made = await refer('department', s1, v1);
    expect(made.statusCode, made.body).toBe(201);
    const r = made.json();
    referral = r.id;
    expect(r).toMatchObject({ status: 'new', referredOn: start, expiresOn: inDays(start, 60), actions: ['cancel'] });
    expect(r.code).toMatch(/^GT-\d{4}-\d{5}$/);
    expect(r.history.map((h: { action: string }) => h.action)).toEqual(['refer']);

    const other = await refer('department', s3, v2);
    expect(other.statusCode, other.body).toBe(201);
    waiting = other.json().id;

    const twice = await refer('department', s1, v1);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.code).toBe('REFERRAL_EXISTS');
  });

  it('lets the employer answer its own referrals, checked by the workflow', async () => {
    const mine = await t.request({ url: '/api/JobReferral/jobReferrals?waiting=true', headers: t.as('employerA') });
    expect(mine.json().totalRecord).toBe(2);
    expect(mine.json().pageLists.find((r: { id: string }) => r.id === referral).actions).toEqual([
      'acknowledge',
      'invite',
      'hire',
      'refuse',
    ]);
    const theirs = await t.request({ url: '/api/JobReferral/jobReferrals', headers: t.as('employerB') });
    expect(theirs.json().totalRecord).toBe(0);
    expect(
      (await t.request({ url: `/api/JobReferral/jobReferrals/${referral}`, headers: t.as('employerB') })).statusCode,
    ).toBe(404);

    const noReason = await moveTo('employerA', 'refuse', referral);
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().error.details[0].field).toBe('refusalReason');
    expect((await moveTo('department', 'hire', referral, { hiredDate: start })).statusCode).toBe(403);

    const seen = await moveTo('employerA', 'acknowledge', referral, { version: 1 });
    expect(seen.statusCode, seen.body).toBe(200);
    expect(seen.json().status).toBe('inProgress');
    const stale = await moveTo('employerA', 'invite', referral, { version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.code).toBe('STALE_VERSION');

    const future = await moveTo('employerA', 'hire', referral, { hiredDate: inDays(start, 3) });
    expect(future.statusCode).toBe(400);
    const hired = await moveTo('employerA', 'hire', referral, { hiredDate: start });
    expect(hired.statusCode, hired.body).toBe(200);
    expect(hired.json()).toMatchObject({ status: 'hired', hiredDate: start, followUpDue: addMonths(start, 3) });
    expect(hired.json().history.map((h: { action: string }) => h.action)).toEqual(['refer', 'acknowledge', 'hire']);

    const facts = await sql<{ seeker: string; vacancy: string }>`select
        (select status from job_seeker where id = ${s1}) as seeker,
        (select status from vacancy where id = ${v1}) as vacancy`.execute(t.database.db);
    // The one place asked for is filled, and the person placed.
    expect(facts.rows[0]).toEqual({ seeker: 'placed', vacancy: 'filled' });

    const cancel = await moveTo('department', 'cancel', referral, { reason: 'Nhầm' });
    expect(cancel.statusCode).toBe(409);
    expect(cancel.json().error.code).toBe('INVALID_STATE');
  });

  it('lets an unanswered referral lapse at night', async () => {
    await setToday(inDays(start, 60));
    const read = async () =>
      (await t.request({ url: `/api/JobReferral/jobReferrals/${waiting}`, headers: t.as('department') })).json();
    expect((await read()).status).toBe('new');
    await setToday(inDays(start, 61));
    const lapsed = await read();
    expect(lapsed.status).toBe('expired');
    expect(lapsed.history.at(-1)).toMatchObject({ action: 'expire', fromStatus: 'new', toStatus: 'expired' });
    // The answered one is not touched.
    expect(
      (await t.request({ url: `/api/JobReferral/jobReferrals/${referral}`, headers: t.as('department') })).json()
        .status,
    ).toBe('hired');
  });

  it('brings the placement up for its follow-up three months on, and records it', async () => {
    await setToday(inDays(start, 1));
    const early = await moveTo('department', 'follow-up', referral, { followedUpOn: start, stillEmployed: true });
    expect(early.statusCode).toBe(409);

    const due = addMonths(start, 3);
    await setToday(due);
    const list = await t.request({
      url: '/api/JobReferral/jobReferrals?followUpDue=true',
      headers: t.as('department'),
    });
    expect(list.json().pageLists.map((r: { id: string }) => r.id)).toEqual([referral]);
    const done = await moveTo('department', 'follow-up', referral, {
      followedUpOn: due,
      stillEmployed: true,
      note: 'Vẫn làm việc ổn định',
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ followedUpOn: due, stillEmployed: true, canFollowUp: true });
    const after = await t.request({
      url: '/api/JobReferral/jobReferrals?followUpDue=true',
      headers: t.as('department'),
    });
    expect(after.json().totalRecord).toBe(0);
    // Nobody updated the other vacancy for more than 90 days: it closed at night.
    const v = await sql<{ status: string }>`select status from vacancy where id = ${v2}`.execute(t.database.db);
    expect(v.rows[0]!.status).toBe('closed');
  });

  it("counts a plan's progress from the records of its period", async () => {
    const year = Number(start.slice(0, 4));
    const res = await t.request({
      method: 'POST',
      url: '/api/EmploymentPlan/employmentPlans',
      headers: t.as('department'),
      payload: { code: 'KH-THU', title: 'Kế hoạch thử', unitId: t.lookups.unit, year, targetPlacements: 10 },
    });
    expect(res.statusCode, res.body).toBe(201);
    // The three seekers registered and the one placement of the year; nobody counselled.
    expect(res.json()).toMatchObject({ seekersDone: 3, counselledDone: 0, placementsDone: 1, targetPlacements: 10 });
    const other = await t.request({
      method: 'POST',
      url: '/api/EmploymentPlan/employmentPlans',
      headers: t.as('department'),
      payload: { code: 'KH-THU-2', title: 'Năm sau', unitId: t.lookups.unit, year: year + 1 },
    });
    expect(other.json()).toMatchObject({ seekersDone: 0, placementsDone: 0 });
  });

  it("counts the placement, the referrals and supply and demand in the quarter's labour-market report", async () => {
    const year = Number(start.slice(0, 4));
    const quarter = Math.floor((Number(start.slice(5, 7)) - 1) / 3) + 1;
    const q = `year=${year}&quarter=${quarter}`;
    const res = await t.request({ url: `/api/LabourMarket/report?${q}`, headers: t.as('department') });
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json();
    const row = report.rows.find(
      (r: { wardId: string; occupationId: string }) => r.wardId === WARDS[0] && r.occupationId === occupation,
    );
    // Three registered, two still seeking (one placed); two vacancies asking 1 + 5 places, one now filled, one
    // closed; two referrals, one hire.
    expect(row).toMatchObject({ seekersNew: 3, seeking: 2, vacancies: 2, positions: 6, referrals: 2, placements: 1 });
    expect(row.gap).toBe(6 - 2);
    expect(report.totals.placements).toBe(1);

    // Another commune's officer sees nothing of this commune.
    const other = await t.request({ url: `/api/LabourMarket/report?${q}`, headers: t.as('districtB') });
    expect(other.json().totals.placements).toBe(0);

    const xlsx = await t.request({ url: `/api/LabourMarket/report/export-excel?${q}`, headers: t.as('department') });
    expect(xlsx.statusCode).toBe(200);
    const sheet = (await readXlsx(xlsx)).worksheets[0]!;
    const cells = sheetRows(sheet);
    expect(String(cells[0]![0])).toContain('thị trường lao động');
    expect(cells.some((r) => r.includes('Thợ điện và thợ điện tử') && r.includes(6))).toBe(true);

    const pdf = await t.request({ url: `/api/LabourMarket/report/pdf?${q}`, headers: t.as('department') });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = (await readPdf(pdf.rawPayload)).text.replace(/\s+/g, ' ');
    expect(text).toContain(`BÁO CÁO THÔNG TIN THỊ TRƯỜNG LAO ĐỘNG QUÝ ${quarter}/${year}`);
    expect(text).toContain('Thợ điện và thợ điện tử');
    expect(
      (await t.request({ url: `/api/LabourMarket/report?year=${year}&quarter=5`, headers: t.as('department') }))
        .statusCode,
    ).toBe(400);
  });

  it("pre-fills the centre's activity report (Decree 23/2021 Form 05) from the referrals, seekers and vacancies", async () => {
    const year = start.slice(0, 4);
    const figures = await registerFigures(
      t.database.db,
      employmentCentre,
      { kind: 'serviceCentre', key: 'centre', businessId: null, wardCode: null },
      { start: `${year}-01-01`, end: `${year}-12-31` },
    );
    expect(figures).toMatchObject({
      'employment.referred': 2,
      'employment.placed': 1,
      'employment.employersSupplied': 1,
      'employment.workersSupplied': 1,
      'employment.jobSeekersRegistered': 3,
      'employment.vacanciesCollected': 6,
      'employment.counselled': 0,
    });
    // Job-exchange sessions are not kept: the filer declares them.
    expect(figures['employment.sessions']).toBeUndefined();
  });
});
