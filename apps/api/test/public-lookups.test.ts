import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { addDays, todayInVietnam } from '@portal/domain/permits/rules';
import { createTestApp, type TestApp } from './support/app.ts';
import { createBusiness } from './support/accounts.ts';

/**
 * The public look-ups (no sign-in): a work permit by its number or by passport + birth date, a worker by CCCD or
 * passport + birth date, an employer's public page. Exact identifiers only, the same 404 whether nothing matches or
 * the birth date does not, only the fields a third party may see, a per-address rate limit.
 */

let t: TestApp;
const today = todayInVietnam();
const BIRTH = '1988-04-12';
let businessId: string;
let inactiveId: string;
let permitNumber: string;
let oldNumber: string;
const passport = `C${randomInt(1e6, 1e7 - 1)}78`;
const citizenId = `0${randomInt(1e10, 1e11 - 1)}`;

let ip = 0;
/** Each test from its own address, so the rate limit only meets the test about it. */
const get = (url: string, remoteAddress = `10.0.0.${++ip}`) => t.request({ method: 'GET', url, remoteAddress });

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const b = await createBusiness(t, '2025:24781', 'Công ty Tra Cứu');
  businessId = b.id;
  const inactive = await createBusiness(t, '2025:24781', 'Công ty Ngừng Hoạt Động');
  inactiveId = inactive.id;
  await sql`update business set status = 'inactive' where id = ${inactiveId}::uuid`.execute(db);

  const foreign = await sql<{ id: string }>`insert into worker
      (full_name, passport_number, birth_date, sex, nationality, business_id, phone, address, start_date)
    values ('Tanaka Hiroshi', ${passport}, ${BIRTH}, 'male', 'JP', ${businessId}, '0909123456', '12 Trần Phú', '2024-03-01')
    returning id`.execute(db);
  const workerId = foreign.rows[0]!.id;
  await sql`insert into worker (full_name, citizen_id, birth_date, sex, nationality, business_id, phone, address)
    values ('Nguyễn Văn An', ${citizenId}, ${BIRTH}, 'male', 'VN', ${businessId}, '0909000111', '3 Hùng Vương')`.execute(
    db,
  );

  const year = today.slice(0, 4);
  const seq = randomInt(100_000, 900_000);
  oldNumber = `LĐ-68-${year}-${String(seq).padStart(6, '0')}`;
  permitNumber = `LĐ-68-${year}-${String(seq + 1).padStart(6, '0')}`;
  // An ended permit, and the one in force.
  await sql`insert into work_permit (kind, status, business_id, worker_id, passport_number, position, job_title,
      number, number_year, number_sequence, valid_from, valid_to)
    values ('new', 'approved', ${businessId}, ${workerId}, ${passport}, 'expert', 'Chuyên gia rang xay',
      ${oldNumber}, ${Number(year)}, ${seq}, ${addDays(today, -800)}, ${addDays(today, -100)})`.execute(db);
  await sql`insert into work_permit (kind, status, business_id, worker_id, passport_number, position, job_title,
      number, number_year, number_sequence, valid_from, valid_to)
    values ('new', 'approved', ${businessId}, ${workerId}, ${passport}, 'expert', 'Chuyên gia rang xay',
      ${permitNumber}, ${Number(year)}, ${seq + 1}, ${addDays(today, -10)}, ${addDays(today, 500)})`.execute(db);

  await sql`insert into violating_organization (business_id, organization_name, tax_code, violation_content,
      decision_number, decision_date, fine_amount, is_published, published_at)
    values (${businessId}, 'Công ty Tra Cứu', ${b.code}, 'Không huấn luyện an toàn', '12/QĐ-XPHC', ${today}, 15000000,
      true, now()),
      (${businessId}, 'Công ty Tra Cứu', ${b.code}, 'Chưa công bố', null, null, null, false, null)`.execute(db);
});
afterAll(async () => t?.close());

const PERMIT_KEYS = [
  'employerName',
  'jobTitle',
  'kind',
  'nationality',
  'number',
  'passportMasked',
  'position',
  'status',
  'validFrom',
  'validTo',
  'workerName',
];
const WORKER_KEYS = [
  'businessId',
  'employerName',
  'fullName',
  'healthClass',
  'identifierMasked',
  'nationality',
  'occupation',
  'position',
  'validWorkPermit',
  'workingSince',
];

describe('work permit look-up', () => {
  it('finds a permit by its exact number, with only what a third party may see', async () => {
    const res = await get(`/api/WorkerLicense/public-lookup?number=${encodeURIComponent(permitNumber)}`);
    expect(res.statusCode).toBe(200);
    const items = res.json().items;
    expect(items).toHaveLength(1);
    expect(Object.keys(items[0]).sort()).toEqual(PERMIT_KEYS);
    expect(items[0]).toMatchObject({
      number: permitNumber,
      kind: 'new',
      status: 'valid',
      workerName: 'Tanaka Hiroshi',
      nationality: 'JP',
      jobTitle: 'Chuyên gia rang xay',
      passportMasked: `${passport.slice(0, 3)}•••78`,
    });
    expect(items[0].employerName).toContain('Công ty Tra Cứu');
    expect(res.body).not.toContain(passport);
    expect(res.body).not.toContain(BIRTH);
    expect(res.body).not.toContain('0909123456');
    expect(res.body).not.toContain('Trần Phú');
  });

  it('an ended permit is expired', async () => {
    const res = await get(`/api/WorkerLicense/public-lookup?number=${encodeURIComponent(oldNumber)}`);
    expect(res.json().items[0].status).toBe('expired');
  });

  it('finds the permits by passport and birth date; a wrong birth date is the same 404 as an unknown passport', async () => {
    const found = await get(`/api/WorkerLicense/public-lookup?passportNumber=${passport}&birthDate=${BIRTH}`);
    expect(found.statusCode).toBe(200);
    expect(found.json().items.map((p: { number: string }) => p.number)).toEqual([permitNumber, oldNumber]);

    const wrongDate = await get(`/api/WorkerLicense/public-lookup?passportNumber=${passport}&birthDate=1990-01-01`);
    const unknown = await get(`/api/WorkerLicense/public-lookup?passportNumber=X0000000&birthDate=${BIRTH}`);
    const unknownNumber = await get(
      `/api/WorkerLicense/public-lookup?number=${encodeURIComponent('XN-68-2020-000001')}`,
    );
    for (const res of [wrongDate, unknown, unknownNumber]) expect(res.statusCode).toBe(404);
    expect(wrongDate.body).toBe(unknown.body);
  });

  it('refuses anything but one of the two forms (400)', async () => {
    for (const q of [
      '',
      'number=abc',
      `passportNumber=${passport}`,
      `birthDate=${BIRTH}`,
      `passportNumber=${passport}&birthDate=1988-02-30`,
      `number=${encodeURIComponent(permitNumber)}&passportNumber=${passport}&birthDate=${BIRTH}`,
    ]) {
      const res = await get(`/api/WorkerLicense/public-lookup?${q}`);
      expect(res.statusCode, q).toBe(400);
      expect(res.json().error.code).toBeTruthy();
    }
  });

  it('is rate limited per address (429)', async () => {
    const url = `/api/WorkerLicense/public-lookup?passportNumber=X0000000&birthDate=${BIRTH}`;
    const codes: number[] = [];
    for (let i = 0; i < 21; i++) codes.push((await get(url, '10.9.9.9')).statusCode);
    expect(codes.slice(0, 20).every((c) => c === 404)).toBe(true);
    expect(codes[20]).toBe(429);
    const limited = await get(url, '10.9.9.9');
    expect(limited.json().error.code).toBe('TOO_MANY_REQUESTS');
    // Another address is not affected.
    expect((await get(url, '10.9.9.10')).statusCode).toBe(404);
  });
});

describe('worker look-up', () => {
  it('finds a foreign worker by passport and birth date: the employment, a valid permit, no personal data', async () => {
    const res = await get(`/api/Worker/public-lookup?passportNumber=${passport.toLowerCase()}&birthDate=${BIRTH}`);
    expect(res.statusCode).toBe(200);
    const w = res.json();
    expect(Object.keys(w).sort()).toEqual(WORKER_KEYS);
    expect(w).toMatchObject({
      fullName: 'Tanaka Hiroshi',
      nationality: 'JP',
      businessId,
      workingSince: '2024-03-01',
      validWorkPermit: true,
      identifierMasked: `${passport.slice(0, 3)}•••78`,
    });
    for (const secret of [passport, BIRTH, '0909123456', 'Trần Phú']) expect(res.body).not.toContain(secret);
  });

  it('finds a Vietnamese worker by CCCD and birth date (no permit question)', async () => {
    const res = await get(`/api/Worker/public-lookup?citizenId=${citizenId}&birthDate=${BIRTH}`);
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json()).sort()).toEqual(WORKER_KEYS);
    expect(res.json()).toMatchObject({ fullName: 'Nguyễn Văn An', validWorkPermit: null });
    expect(res.json().identifierMasked).toBe(`${citizenId.slice(0, 3)}•••${citizenId.slice(-2)}`);
    expect(res.body).not.toContain(citizenId);
  });

  it('answers the same 404 for a wrong birth date and an unknown identifier', async () => {
    const wrongDate = await get(`/api/Worker/public-lookup?citizenId=${citizenId}&birthDate=1988-04-13`);
    const unknown = await get(`/api/Worker/public-lookup?citizenId=999999999999&birthDate=${BIRTH}`);
    expect(wrongDate.statusCode).toBe(404);
    expect(unknown.statusCode).toBe(404);
    expect(wrongDate.body).toBe(unknown.body);
  });

  it('refuses bad input (400)', async () => {
    for (const q of [
      `citizenId=${citizenId}`,
      `citizenId=123&birthDate=${BIRTH}`,
      `birthDate=${BIRTH}`,
      `citizenId=${citizenId}&passportNumber=${passport}&birthDate=${BIRTH}`,
      `citizenId=${citizenId}&birthDate=12/04/1988`,
    ]) {
      expect((await get(`/api/Worker/public-lookup?${q}`)).statusCode, q).toBe(400);
    }
  });

  it('is rate limited per address (429)', async () => {
    const url = `/api/Worker/public-lookup?citizenId=999999999999&birthDate=${BIRTH}`;
    let last = 0;
    for (let i = 0; i < 21; i++) last = (await get(url, '10.8.8.8')).statusCode;
    expect(last).toBe(429);
  });
});

describe("employer's public page", () => {
  it('shows an active employer: identity, published violations, machines — no people', async () => {
    const res = await get(`/api/Bussiness/public/${businessId}`);
    expect(res.statusCode).toBe(200);
    const page = res.json();
    expect(Object.keys(page).sort()).toEqual([
      'address',
      'foundedOn',
      'id',
      'machines',
      'name',
      'sectorName',
      'taxCode',
      'typeName',
      'violations',
      'wardName',
    ]);
    expect(page.violations).toHaveLength(1);
    expect(page.violations[0]).toMatchObject({ violationContent: 'Không huấn luyện an toàn', fineAmount: 15000000 });
    expect(page.machines).toEqual({ inUse: 0, overdue: 0, dueSoon: 0 });
  });

  it('an inactive or unknown employer is a 404; a bad id a 400', async () => {
    expect((await get(`/api/Bussiness/public/${inactiveId}`)).statusCode).toBe(404);
    expect((await get('/api/Bussiness/public/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await get('/api/Bussiness/public/not-an-id')).statusCode).toBe(400);
  });
});

describe('the published violations list links the employer page', () => {
  it("gives an active employer's id, null for an inactive one", async () => {
    await sql`insert into violating_organization (business_id, organization_name, violation_content, is_published,
        published_at)
      values (${inactiveId}, 'Công ty Ngừng Hoạt Động', 'Vi phạm cũ', true, now())`.execute(t.database.db);
    const res = await get('/api/ViolatingOrganization/public-list?pageSize=100');
    expect(res.statusCode).toBe(200);
    const rows = res.json().pageLists as { organizationName: string; businessId: string | null }[];
    expect(rows.find((r) => r.organizationName === 'Công ty Tra Cứu')?.businessId).toBe(businessId);
    expect(rows.find((r) => r.organizationName === 'Công ty Ngừng Hoạt Động')?.businessId).toBeNull();
  });
});
