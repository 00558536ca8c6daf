import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { addDays, todayInVietnam } from '@portal/domain/permits/rules';
import { createTestApp, type TestApp } from './support/app.ts';
import { createBusiness } from './support/accounts.ts';

/**
 * The public look-ups (no sign-in): a work permit by its number with the passport or the birth date, a worker by
 * CCCD or passport + birth date, an employer's public page. Exact identifiers with a second factor only, the same
 * 404 whether nothing matches or the factor does not, confirmation only (no names, no health data), a per-address
 * rate limit.
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
  // A health class on the record, which the look-up must never show.
  const health = await sql<{ id: string }>`insert into classify_health (code, name)
    values ('TRACUU-V', 'Sức khỏe loại V tra cứu') returning id`.execute(db);
  await sql`insert into worker (full_name, citizen_id, birth_date, sex, nationality, business_id, phone, address,
      health_class_id)
    values ('Nguyễn Văn An', ${citizenId}, ${BIRTH}, 'male', 'VN', ${businessId}, '0909000111', '3 Hùng Vương',
      ${health.rows[0]!.id})`.execute(db);

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

const PERMIT_KEYS = ['employerName', 'kind', 'number', 'status', 'validFrom', 'validTo'];
const WORKER_KEYS = ['businessId', 'employerName', 'identifierMasked', 'validWorkPermit', 'workingSince'];
const permitUrl = (number: string, factor: string) =>
  `/api/WorkerLicense/public-lookup?number=${encodeURIComponent(number)}&${factor}`;

describe('work permit look-up', () => {
  it('confirms a permit by its number and the passport: in force, until when, which employer — nothing personal', async () => {
    const res = await get(permitUrl(permitNumber, `passportNumber=${passport}`));
    expect(res.statusCode).toBe(200);
    const p = res.json();
    expect(Object.keys(p).sort()).toEqual(PERMIT_KEYS);
    expect(p).toMatchObject({ number: permitNumber, kind: 'new', status: 'valid', validTo: addDays(today, 500) });
    expect(p.employerName).toContain('Công ty Tra Cứu');
    for (const secret of ['Tanaka', 'JP', passport.slice(0, 3), BIRTH, '0909123456', 'Trần Phú', 'rang xay'])
      expect(res.body).not.toContain(secret);
  });

  it('confirms it by the number and the birth date as well; an ended permit is expired', async () => {
    const byBirth = await get(permitUrl(permitNumber, `birthDate=${BIRTH}`));
    expect(byBirth.statusCode).toBe(200);
    expect(byBirth.json().number).toBe(permitNumber);
    const old = await get(permitUrl(oldNumber, `passportNumber=${passport.toLowerCase()}`));
    expect(old.json().status).toBe('expired');
  });

  it('a wrong second factor is the same 404 as an unknown number', async () => {
    const wrongDate = await get(permitUrl(permitNumber, 'birthDate=1990-01-01'));
    const wrongPassport = await get(permitUrl(permitNumber, 'passportNumber=X0000000'));
    const unknownNumber = await get(permitUrl('XN-68-2020-000001', `birthDate=${BIRTH}`));
    for (const res of [wrongDate, wrongPassport, unknownNumber]) expect(res.statusCode).toBe(404);
    expect(wrongDate.body).toBe(unknownNumber.body);
    expect(wrongPassport.body).toBe(unknownNumber.body);
  });

  it("sequential numbers without the holder's second factor list nothing", async () => {
    const year = today.slice(0, 4);
    const seq = Number(permitNumber.slice(-6));
    const around = [-1, 0, 1].map((d) => `LĐ-68-${year}-${String(seq + d).padStart(6, '0')}`);
    expect(around).toContain(oldNumber);
    for (const [i, number] of around.entries()) {
      // The number alone is refused before any search…
      const bare = await get(`/api/WorkerLicense/public-lookup?number=${encodeURIComponent(number)}`, `10.7.0.${i}`);
      expect(bare.statusCode, number).toBe(400);
      // …and a guessed factor finds nothing, the existing permits included.
      const guessed = await get(permitUrl(number, 'birthDate=1980-01-01'), `10.7.1.${i}`);
      expect(guessed.statusCode, number).toBe(404);
      for (const res of [bare, guessed]) expect(res.body).not.toContain('Công ty Tra Cứu');
    }
  });

  it('refuses anything but the number with a factor (400)', async () => {
    for (const q of [
      '',
      `number=abc&birthDate=${BIRTH}`,
      `passportNumber=${passport}&birthDate=${BIRTH}`,
      `number=${encodeURIComponent(permitNumber)}`,
      `number=${encodeURIComponent(permitNumber)}&birthDate=1988-02-30`,
    ]) {
      const res = await get(`/api/WorkerLicense/public-lookup?${q}`);
      expect(res.statusCode, q).toBe(400);
      expect(res.json().error.code).toBeTruthy();
    }
  });

  it('is rate limited per address (429)', async () => {
    const url = permitUrl('XN-68-2020-000001', `birthDate=${BIRTH}`);
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
  it('confirms a foreign worker by passport and birth date: the employer, a valid permit, no personal or health data', async () => {
    const res = await get(`/api/Worker/public-lookup?passportNumber=${passport.toLowerCase()}&birthDate=${BIRTH}`);
    expect(res.statusCode).toBe(200);
    const w = res.json();
    expect(Object.keys(w).sort()).toEqual(WORKER_KEYS);
    expect(w).toMatchObject({
      businessId,
      workingSince: '2024-03-01',
      validWorkPermit: true,
      identifierMasked: `${passport.slice(0, 3)}•••78`,
    });
    for (const secret of [passport, BIRTH, '0909123456', 'Trần Phú', 'Tanaka']) expect(res.body).not.toContain(secret);
  });

  it('finds a Vietnamese worker by CCCD and birth date (no permit question)', async () => {
    const res = await get(`/api/Worker/public-lookup?citizenId=${citizenId}&birthDate=${BIRTH}`);
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json()).sort()).toEqual(WORKER_KEYS);
    expect(res.json()).toMatchObject({ businessId, validWorkPermit: null });
    for (const secret of ['Nguyễn Văn An', 'Sức khỏe loại V', '0909000111']) expect(res.body).not.toContain(secret);
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
