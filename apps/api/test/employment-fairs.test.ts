import { sql } from 'kysely';
import QRCode from 'qrcode';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogRegistry } from '../src/catalog/registry.ts';
import { clock } from '../src/platform/clock/index.ts';
import { api, createCatalogTestApp, WARDS, type CatalogTestApp, type Who } from './catalog.fixtures.ts';

/**
 * Job exchange sessions: the centre plans one; an employer takes a stall with its open vacancies; a person registers
 * on the public calendar and gets a ticket whose QR code holds the check-in address; the door checks the ticket in
 * once; the stall records the interview; the results add up from those rows. Employers see their own stall's
 * interviews and no registrations; closed and cancelled sessions refuse what they must.
 */
let t: CatalogTestApp;
const fairs = catalogRegistry.get('jobFair');
const vacancies = catalogRegistry.get('vacancy');
const today = clock.today();
const inDays = (n: number) => new Date(Date.parse(`${today}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
let occupation = '';

beforeAll(async () => {
  t = await createCatalogTestApp();
  occupation = (
    await sql<{ id: string }>`select id from type_of_profession where code = '74' and deleted_at is null`.execute(
      t.database.db,
    )
  ).rows[0]!.id;
});
afterAll(async () => {
  await t?.close();
});

async function create(area: typeof fairs, who: Who, body: Record<string, unknown>) {
  const res = await t.request({ method: 'POST', url: api(area, area.paths.create), headers: t.as(who), payload: body });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { id: string }).id;
}
const fair = (code: string, heldOn: string, extra: Record<string, unknown> = {}) =>
  create(fairs, 'department', {
    code,
    title: `Phiên ${code}`,
    kind: 'inPerson',
    heldOn,
    place: 'Sàn giao dịch việc làm',
    adminUnitId: WARDS[0],
    ...extra,
  });
const vacancy = (code: string, who: Who = 'employerA') =>
  create(vacancies, who, {
    code,
    title: `Công nhân ${code}`,
    occupationId: occupation,
    quantity: 4,
    adminUnitId: WARDS[0],
    postedDate: today,
    closingDate: inDays(60),
  });
const call = (who: Who | null, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: Record<string, unknown>) =>
  t.request({ method, url, headers: who ? t.as(who) : {}, ...(payload === undefined ? {} : { payload }) });
type Board = {
  results: Record<string, number>;
  stalls: { id: string; stallNo: number; own: boolean; interviews: number; hires: number }[];
  interviews: { attendee: { fullName: string } }[];
  can: Record<string, boolean>;
};
const board = async (who: Who, id: string) => {
  const res = await call(who, 'GET', `/api/JobFair/jobFairs/${id}/board`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Board;
};
const fieldOf = (body: string) =>
  (JSON.parse(body) as { error: { details?: { field: string }[] } }).error.details?.[0]?.field;

describe('job exchange sessions', () => {
  it('a stall, a public registration with a QR ticket, the door, an interview: the results add up', async () => {
    const id = await fair('PGD-T1', today, { registrationCloses: today, stallCapacity: 2 });
    const mine = await vacancy('TD-F1');
    const theirs = await vacancy('TD-F2', 'employerB');

    // An employer brings only its own open vacancies.
    const wrong = await call('employerA', 'POST', `/api/JobFair/jobFairs/${id}/stalls`, { vacancyIds: [theirs] });
    expect(wrong.statusCode).toBe(400);
    expect(fieldOf(wrong.body)).toBe('vacancyIds');
    const stallA = await call('employerA', 'POST', `/api/JobFair/jobFairs/${id}/stalls`, {
      vacancyIds: [mine],
      contactName: 'Phòng nhân sự',
      contactPhone: '0263123456',
    });
    expect(stallA.statusCode, stallA.body).toBe(200);
    // The centre registers the other employer: stalls are numbered in the order taken.
    const stallB = await call('department', 'POST', `/api/JobFair/jobFairs/${id}/stalls`, {
      businessId: t.businessB,
      vacancyIds: [theirs],
    });
    expect(stallB.statusCode, stallB.body).toBe(200);
    expect((await board('department', id)).stalls.map((s) => s.stallNo)).toEqual([1, 2]);

    // The public calendar shows the session and who comes, and takes a registration without signing in.
    const calendar = await call(null, 'GET', '/api/JobFair/public-calendar');
    expect(calendar.statusCode, calendar.body).toBe(200);
    const listed = (calendar.json() as { id: string; positions: number; employers: { stallNo: number }[] }[]).find(
      (f) => f.id === id,
    )!;
    expect(listed.employers).toHaveLength(2);
    expect(listed.positions).toBe(8);
    expect(JSON.stringify(calendar.json())).not.toContain('0263123456');

    const bad = await call(null, 'POST', `/api/JobFair/public-calendar/${id}/register`, {
      fullName: 'Nguyễn Văn Tư',
      phone: '12345',
    });
    expect(bad.statusCode).toBe(400);
    expect(fieldOf(bad.body)).toBe('body.phone');
    expect(bad.body).toContain('Số điện thoại gồm 10–11 chữ số');
    const reg = await call(null, 'POST', `/api/JobFair/public-calendar/${id}/register`, {
      fullName: 'Nguyễn Văn Tư',
      phone: '0912345678',
      occupationWanted: 'Công nhân',
    });
    expect(reg.statusCode, reg.body).toBe(200);
    const ticket = reg.json() as { ticket: string; checkInUrl: string; qr: string; existing: boolean };
    expect(ticket.ticket).toMatch(/^[A-Z2-9]{8}$/);
    expect(ticket.checkInUrl).toMatch(new RegExp(`/meet\\?ve=${ticket.ticket}$`));
    // The QR code is the check-in address itself.
    expect(ticket.qr).toBe(
      await QRCode.toDataURL(ticket.checkInUrl, { errorCorrectionLevel: 'M', margin: 1, width: 240 }),
    );
    // Registering again gives the same ticket back; someone else cannot learn it with the same phone.
    const again = await call(null, 'POST', `/api/JobFair/public-calendar/${id}/register`, {
      fullName: 'nguyễn văn tư',
      phone: '0912345678',
    });
    expect((again.json() as { ticket: string; existing: boolean }).ticket).toBe(ticket.ticket);
    expect((again.json() as { existing: boolean }).existing).toBe(true);
    const other = await call(null, 'POST', `/api/JobFair/public-calendar/${id}/register`, {
      fullName: 'Trần Thị Năm',
      phone: '0912345678',
    });
    expect(other.statusCode).toBe(400);

    // An interview before the door is refused; employers do not check people in nor list them.
    const early = await call('employerA', 'POST', `/api/JobFair/jobFairs/${id}/interviews`, {
      stallId: (stallA.json() as { id: string }).id,
      ticket: ticket.ticket,
      outcome: 'hired',
    });
    expect(early.statusCode).toBe(400);
    expect(fieldOf(early.body)).toBe('ticket');
    expect((await call('employerA', 'POST', '/api/JobFair/check-in', { ticket: ticket.ticket })).statusCode).toBe(403);
    expect((await call('employerA', 'GET', `/api/JobFair/jobFairs/${id}/attendees`)).statusCode).toBe(403);

    // The door: once, a second scan says it was done; an unknown code is a field error.
    const door = await call('department', 'POST', '/api/JobFair/check-in', { ticket: ticket.ticket.toLowerCase() });
    expect(door.statusCode, door.body).toBe(200);
    expect((door.json() as { already: boolean }).already).toBe(false);
    const twice = await call('department', 'POST', '/api/JobFair/check-in', { ticket: ticket.ticket });
    expect((twice.json() as { already: boolean }).already).toBe(true);
    const unknown = await call('department', 'POST', '/api/JobFair/check-in', { ticket: 'ZZZZZZZZ' });
    expect(unknown.statusCode).toBe(400);

    // Employer B cannot record at A's stall; A records at its own, then changes the outcome (one row).
    const stallAId = (stallA.json() as { id: string }).id;
    const foreign = await call('employerB', 'POST', `/api/JobFair/jobFairs/${id}/interviews`, {
      stallId: stallAId,
      ticket: ticket.ticket,
      outcome: 'hired',
    });
    expect(foreign.statusCode).toBe(400);
    for (const outcome of ['shortlisted', 'hired'])
      expect(
        (
          await call('employerA', 'POST', `/api/JobFair/jobFairs/${id}/interviews`, {
            stallId: stallAId,
            ticket: ticket.ticket,
            vacancyId: mine,
            outcome,
          })
        ).statusCode,
      ).toBe(200);

    const seen = await board('department', id);
    expect(seen.results).toEqual({
      employers: 2,
      vacancies: 2,
      positions: 8,
      seekersRegistered: 1,
      seekersCheckedIn: 1,
      interviews: 1,
      shortlisted: 0,
      hires: 1,
    });
    expect(seen.stalls[0]).toMatchObject({ stallNo: 1, interviews: 1, hires: 1 });
    // Employer B sees the stalls but not A's interviews; A sees its own.
    expect((await board('employerB', id)).interviews).toHaveLength(0);
    const a = await board('employerA', id);
    expect(a.interviews.map((i) => i.attendee.fullName)).toEqual(['Nguyễn Văn Tư']);
    expect(a.stalls.find((s) => s.own)?.stallNo).toBe(1);
    // The stall capacity is reached: a third employer cannot take one; a stall with interviews stays.
    expect(a.can.registerStall).toBe(false);
    const withdraw = await call('employerA', 'DELETE', `/api/JobFair/jobFairs/${id}/stalls/${stallAId}`);
    expect(withdraw.statusCode).toBe(409);
  });

  it('the centre registers its job seekers; closed, past and cancelled sessions refuse', async () => {
    const id = await fair('PGD-T2', inDays(10));
    const centre = await call('department', 'POST', `/api/JobFair/jobFairs/${id}/attendees`, {
      fullName: 'Lê Thị Sáu',
      phone: '0987654321',
    });
    expect(centre.statusCode, centre.body).toBe(200);
    const list = await call('department', 'GET', `/api/JobFair/jobFairs/${id}/attendees?keyWord=Sáu`);
    expect((list.json() as { totalRecord: number }).totalRecord).toBe(1);
    // Not the day of the session: the door refuses the ticket.
    const notToday = await call('department', 'POST', '/api/JobFair/check-in', {
      ticket: (centre.json() as { ticket: string }).ticket,
    });
    expect(notToday.statusCode).toBe(400);
    const missing = await call('department', 'POST', `/api/JobFair/jobFairs/${id}/attendees`, { fullName: 'A' });
    expect(missing.statusCode).toBe(400);

    const past = await fair('PGD-T3', inDays(-3));
    const late = await call(null, 'POST', `/api/JobFair/public-calendar/${past}/register`, {
      fullName: 'Phạm Văn Bảy',
      phone: '0911222333',
    });
    expect(late.statusCode).toBe(400);
    const cancelled = await fair('PGD-T4', inDays(5), { status: 'cancelled' });
    const calendar = (await call(null, 'GET', '/api/JobFair/public-calendar')).json() as { id: string }[];
    expect(calendar.map((f) => f.id)).toContain(id);
    expect(calendar.map((f) => f.id)).not.toContain(cancelled);
    const bogus = await call(null, 'POST', '/api/JobFair/public-calendar/not-a-uuid/register', {});
    expect(bogus.statusCode).toBe(400);
  });

  it('a session checks its times and its registration closing day', async () => {
    const res = await t.request({
      method: 'POST',
      url: api(fairs, fairs.paths.create),
      headers: t.as('department'),
      payload: {
        code: 'PGD-T5',
        title: 'Phiên sai giờ',
        kind: 'inPerson',
        heldOn: inDays(5),
        startTime: '11:00',
        endTime: '08:00',
        registrationCloses: inDays(6),
      },
    });
    expect(res.statusCode).toBe(400);
    const fields = (res.json() as { error: { details: { field: string }[] } }).error.details.map((d) => d.field).sort();
    expect(fields).toEqual(['endTime', 'registrationCloses']);
  });
});
