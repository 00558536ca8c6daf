import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { io as connect, type Socket } from 'socket.io-client';
import { HUB_EVENTS, HUB_PATH } from '../src/platform/realtime/index.ts';
import { sendDigests } from '../src/modules/notifications/digest.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { createBusiness, createDistrictUnit, sessionWith, type Session } from './support/accounts.ts';
import { startSmtpReceiver, type SmtpReceiver } from './support/smtp.ts';
import { permitsWorld, requestIn, type PermitsWorld } from './permits.fixtures.ts';

let t: TestApp;
let smtp: SmtpReceiver;
let w: PermitsWorld;
const sockets: Socket[] = [];

beforeAll(async () => {
  smtp = await startSmtpReceiver();
  t = await createTestApp({ smtpUrl: smtp.url });
  await t.app.jobs.start();
  w = await permitsWorld(t);
});
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await t?.close();
  await smtp?.close();
});

type Item = {
  id: string;
  kind: string;
  content: string;
  link: string | null;
  viewDate: string | null;
  fullName: string;
};

const get = (session: Session, url: string) =>
  t.request({ method: 'GET', url: `/api/Notification/${url}`, headers: session.headers });
const post = (session: Session, url: string, payload?: unknown) =>
  t.request({
    method: 'POST',
    url: `/api/Notification/${url}`,
    headers: session.headers,
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });
const put = (session: Session, url: string, payload: unknown) =>
  t.request({ method: 'PUT', url: `/api/Notification/${url}`, headers: session.headers, payload: payload as object });
const list = async (session: Session, query = 'pageNumber=1&pageSize=10') => {
  const res = await get(session, `notifications?${query}`);
  expect(res.statusCode).toBe(200);
  return res.json() as { pageLists: Item[]; totalRecord: number };
};
const unread = async (session: Session) => (await get(session, 'unread-count')).json().count as number;

/** Write notifications the way a module does: in its own transaction. */
async function notifyUsers(
  userIds: string[],
  kind: 'permitReturned' | 'overtimeAccepted',
  params: Record<string, string | number>,
) {
  await t.database.db.transaction().execute(async (trx) => {
    await t.app.notifier.notify(
      trx,
      { users: userIds },
      kind,
      params,
      '/doanh-nghiep/thong-bao-lam-them-gio/danh-sach',
    );
  });
  await t.app.notifier.deliver();
}

describe('a permit returned by the department', () => {
  it("reaches the employer's accounts (not the department officer who acted), live on the hub, with a link to the request", async () => {
    // Employer A's second account listens on the hub.
    const port = await t.app
      .listen({ port: 0, host: '127.0.0.1' })
      .then(() => (t.app.server.address() as AddressInfo).port);
    const socket = connect(`http://127.0.0.1:${port}`, {
      path: HUB_PATH,
      query: { uid: w.employerA2.userData.userId, mid: '1' },
      auth: { token: w.employerA2.accessToken },
      transports: ['websocket'],
      reconnection: false,
    });
    sockets.push(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('connect_error', reject);
    });
    const heard = new Promise<{ kind: string }>((resolve) => socket.once(HUB_EVENTS.notify, resolve));

    const made = await requestIn(w, 'returned');
    expect((await heard).kind).toBe('permitReturned');

    for (const session of [w.employerA, w.employerA2, w.employerReader]) {
      const { pageLists } = await list(session);
      const item = pageLists.find((n) => n.link?.endsWith(made.id));
      expect(item).toMatchObject({ kind: 'permitReturned', viewDate: null });
      expect(item!.content).toContain('Thiếu bản dịch công chứng');
    }
    // The other employer and the acting officer hear nothing of it; the officer was told of the submission.
    expect((await list(w.employerB)).pageLists.some((n) => n.link?.endsWith(made.id))).toBe(false);
    const officer = (await list(w.department)).pageLists.filter((n) => n.link?.endsWith(made.id));
    expect(officer.map((n) => n.kind)).toEqual(['permitSubmitted']);
  });

  it('in English when asked', async () => {
    const res = await t.request({
      method: 'GET',
      url: '/api/Notification/notifications?pageNumber=1&pageSize=1',
      headers: { ...w.employerA.headers, 'accept-language': 'en' },
    });
    expect(res.json().pageLists[0].content).toMatch(/^The work permit request for .* was returned for completion/);
  });

  it('a refusal and an approval are told too; a request rolled back tells no one', async () => {
    const before = (await list(w.employerA)).totalRecord;
    await requestIn(w, 'rejected');
    await requestIn(w, 'approved');
    const kinds = (await list(w.employerA, 'pageNumber=1&pageSize=3')).pageLists.map((n) => n.kind);
    expect(kinds.slice(0, 2)).toEqual(['permitApproved', 'permitRejected']);
    expect((await list(w.employerA)).totalRecord).toBe(before + 2);

    // Written in the domain's transaction: rolled back with it, nobody is told.
    await expect(
      t.database.db.transaction().execute(async (trx) => {
        await t.app.notifier.notify(
          trx,
          { scopes: [{ kind: 'employer', businessId: w.businessA.id }] },
          'permitReturned',
          { worker: 'X', reason: 'Y' },
          null,
        );
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    await t.app.notifier.deliver();
    expect((await list(w.employerA)).totalRecord).toBe(before + 2);
  });
});

describe('overtime notices', () => {
  it('the department is told of a notice, the employer of its acceptance', async () => {
    const employer = await sessionWith(t, {
      permissions: ['OvertimeNotification.read', 'OvertimeNotification.create', 'OvertimeNotification.update'],
      unitId: w.businessA.unitId,
    });
    const authority = await sessionWith(t, {
      permissions: ['OvertimeNotification.read', 'OvertimeNotification.approve'],
    });
    const sent = await t.request({
      method: 'POST',
      url: '/api/OvertimeNotification/overtimeNotifications',
      headers: employer.headers,
      payload: {
        year: 2026,
        fromDate: '2026-03-01',
        toDate: '2026-06-30',
        workerCount: 40,
        maxHoursPerWorker: 280,
        jobs: 'Sơ chế, rang xay cà phê',
        reason: 'Vụ thu hoạch',
      },
    });
    expect(sent.statusCode).toBe(201);
    expect((await list(authority)).pageLists[0]).toMatchObject({ kind: 'overtimeSubmitted' });
    const accepted = await t.request({
      method: 'POST',
      url: `/api/OvertimeNotification/accept/${sent.json().id}`,
      headers: authority.headers,
    });
    expect(accepted.statusCode).toBe(200);
    expect((await list(employer)).pageLists[0]).toMatchObject({ kind: 'overtimeAccepted' });
  });
});

describe('recipients by scope', () => {
  it('a commune’s accounts, and only the department users holding a permission when one is named', async () => {
    const communeA = await createDistrictUnit(t, '2025:24781');
    const communeB = await createDistrictUnit(t, '2025:24778');
    const inA = await sessionWith(t, { unitId: communeA });
    const inB = await sessionWith(t, { unitId: communeB });
    const reviewer = await sessionWith(t, { permissions: ['OvertimeNotification.approve'] });
    const clerk = await sessionWith(t, { permissions: ['OvertimeNotification.read'] });
    const before = await Promise.all([inA, inB, reviewer, clerk].map(async (s) => (await list(s)).totalRecord));
    await t.database.db.transaction().execute(async (trx) => {
      await t.app.notifier.notify(
        trx,
        {
          scopes: [
            { kind: 'localUnit', code: '2025:24781' },
            { kind: 'department', permission: 'OvertimeNotification.approve' },
          ],
        },
        'overtimeAccepted',
        { year: 2035 },
        null,
      );
    });
    const after = await Promise.all([inA, inB, reviewer, clerk].map(async (s) => (await list(s)).totalRecord));
    expect(after.map((n, i) => n - before[i]!)).toEqual([1, 0, 1, 0]);
  });
});

describe('the calls on a user’s own notifications', () => {
  let me: Session & { user: { id: string } };
  let other: Session & { user: { id: string } };
  beforeAll(async () => {
    me = await sessionWith(t);
    other = await sessionWith(t);
    for (let i = 1; i <= 12; i++) await notifyUsers([me.user.id], 'overtimeAccepted', { year: 2000 + i });
    await notifyUsers([other.user.id], 'overtimeAccepted', { year: 1999 });
  });

  it('lists newest first, paged, with its count; filters read and unread', async () => {
    const page1 = await list(me, 'notifyStatus=0&pageNumber=1&pageSize=10');
    expect(page1.totalRecord).toBe(12);
    expect(page1.pageLists).toHaveLength(10);
    expect(page1.pageLists[0]!.content).toContain('2012');
    expect(page1.pageLists[0]).toMatchObject({ viewDate: null, fullName: expect.any(String) });
    expect((await list(me, 'pageNumber=2&pageSize=10')).pageLists).toHaveLength(2);
    expect((await get(me, 'count')).json()).toEqual({ count: 12 });
    expect(await unread(me)).toBe(12);
    expect((await get(me, 'notifications?notifyStatus=7')).statusCode).toBe(400);
    expect((await get(me, 'notifications?pageSize=0')).statusCode).toBe(400);
  });

  it('seen marks one read; someone else’s id is not found and stays unread', async () => {
    const first = (await list(me)).pageLists[0]!;
    const seen = await get(me, `seen/${first.id}`);
    expect(seen.statusCode).toBe(200);
    expect(seen.json().viewDate).toEqual(expect.any(String));
    expect(await unread(me)).toBe(11);
    expect((await list(me, 'notifyStatus=2&pageNumber=1&pageSize=10')).totalRecord).toBe(1);
    expect((await list(me, 'notifyStatus=1&pageNumber=1&pageSize=10')).totalRecord).toBe(11);

    const theirs = (await list(other)).pageLists[0]!;
    const denied = await get(me, `seen/${theirs.id}`);
    expect(denied.statusCode).toBe(404);
    expect(denied.json().error.code).toBe('NOT_FOUND');
    expect(await unread(other)).toBe(1);
    expect((await get(me, 'seen/not-an-id')).statusCode).toBe(400);
  });

  it('check-read marks several, only one’s own', async () => {
    const items = (await list(me, 'notifyStatus=1&pageNumber=1&pageSize=2')).pageLists;
    const theirs = (await list(other)).pageLists[0]!;
    const res = await post(me, 'check-read', [...items.map((i) => i.id), theirs.id]);
    expect(res.json()).toEqual({ count: 2 });
    expect(await unread(me)).toBe(9);
    expect(await unread(other)).toBe(1);
    expect((await post(me, 'check-read', [])).statusCode).toBe(400);
  });

  it('read-all brings the unread count to 0', async () => {
    const res = await post(me, 'read-all');
    expect(res.statusCode).toBe(200);
    expect(await unread(me)).toBe(0);
    expect(await unread(other)).toBe(1);
  });

  it('delete removes only one’s own', async () => {
    const mine = (await list(me, 'pageNumber=1&pageSize=2')).pageLists.map((i) => i.id);
    const theirs = (await list(other)).pageLists[0]!.id;
    const res = await post(me, 'delete-notifications', { ids: [...mine, theirs] });
    expect(res.json()).toEqual({ count: 2 });
    expect((await list(me)).totalRecord).toBe(10);
    expect((await list(other)).totalRecord).toBe(1);
  });

  it('needs a signed-in user', async () => {
    expect((await t.request('/api/Notification/unread-count')).statusCode).toBe(401);
  });
});

describe('preferences', () => {
  it('lists every kind with the statutory ones marked; a statutory kind cannot be turned off', async () => {
    const me = await sessionWith(t);
    const prefs = (await get(me, 'preferences')).json() as Array<{ kind: string; channel: string; statutory: boolean }>;
    expect(prefs.find((p) => p.kind === 'permitRejected')).toEqual({
      kind: 'permitRejected',
      channel: 'portal',
      statutory: true,
    });
    const refused = await put(me, 'preferences', { preferences: [{ kind: 'permitRejected', channel: 'off' }] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toMatchObject({
      code: 'STATUTORY_KIND',
      details: [{ field: 'preferences.0.channel', code: 'STATUTORY_KIND' }],
    });
    expect(refused.json().error.message).toContain('từ chối');
    const unknown = await put(me, 'preferences', { preferences: [{ kind: 'nope', channel: 'mail' }] });
    expect(unknown.statusCode).toBe(400);
    expect(
      (await put(me, 'preferences', { preferences: [{ kind: 'permitRejected', channel: 'sms' }] })).statusCode,
    ).toBe(400);
    // Nothing was stored by the refused calls.
    expect(
      ((await get(me, 'preferences')).json() as typeof prefs).find((p) => p.kind === 'permitRejected')!.channel,
    ).toBe('portal');
    // A statutory kind may still go by mail or digest.
    expect(
      (await put(me, 'preferences', { preferences: [{ kind: 'permitRejected', channel: 'mail' }] })).statusCode,
    ).toBe(200);
  });

  it('a kind turned off is not written; by mail it arrives over SMTP in the language the preferences were saved in', async () => {
    const business = await createBusiness(t, '2025:24781', 'Công ty Mail');
    const muted = await sessionWith(t, { unitId: business.unitId, email: `muted.${Date.now()}@example.vn` });
    const mailed = await sessionWith(t, { unitId: business.unitId, email: `mailed.${Date.now()}@example.vn` });
    expect(
      (await put(muted, 'preferences', { preferences: [{ kind: 'overtimeAccepted', channel: 'off' }] })).statusCode,
    ).toBe(200);
    const saved = await t.request({
      method: 'PUT',
      url: '/api/Notification/preferences',
      headers: { ...mailed.headers, 'accept-language': 'en' },
      payload: { preferences: [{ kind: 'overtimeAccepted', channel: 'mail' }] },
    });
    expect(saved.statusCode).toBe(200);

    await t.database.db.transaction().execute(async (trx) => {
      await t.app.notifier.notify(
        trx,
        { scopes: [{ kind: 'employer', businessId: business.id }] },
        'overtimeAccepted',
        { year: 2031 },
        '/doanh-nghiep/thong-bao-lam-them-gio/danh-sach',
      );
    });
    expect((await list(muted)).totalRecord).toBe(0);
    expect((await list(mailed)).totalRecord).toBe(1);
    const address = (await emailOf(mailed.user.id))!;
    const ids = await t.database.db
      .selectFrom('outbox_mail')
      .select('id')
      .where('purpose', '=', 'notification')
      .where('to_address', '=', address)
      .execute();
    expect(ids).toHaveLength(1);
    // Written in the transaction; a request's own notifications are dispatched after its response.
    await t.app.mailer.dispatch(ids.map((r) => r.id));
    const mail = await smtp.waitFor(address);
    expect(mail.subject).toContain('The overtime notice for 2031 was accepted');
    expect(mail.text).toContain('/doanh-nghiep/thong-bao-lam-them-gio/danh-sach');
  });

  it("the daily digest gathers a day's notifications into one mail per user", async () => {
    const me = await sessionWith(t, { email: `digest.${Date.now()}@example.vn` });
    expect(
      (await put(me, 'preferences', { preferences: [{ kind: 'overtimeAccepted', channel: 'digest' }] })).statusCode,
    ).toBe(200);
    await notifyUsers([me.user.id], 'overtimeAccepted', { year: 2041 });
    await notifyUsers([me.user.id], 'overtimeAccepted', { year: 2042 });
    await notifyUsers([me.user.id], 'permitReturned', { worker: 'Lee Min', reason: 'Thiếu ảnh' });
    // Not mailed at once: only the portal has them.
    expect((await list(me)).totalRecord).toBe(3);

    const address = (await emailOf(me.user.id))!;
    const sent = await sendDigests(t.app.db, t.app.mailer, t.config.publicUrl);
    expect(sent).toBeGreaterThanOrEqual(1);
    const mail = await smtp.waitFor(address);
    expect(mail.subject).toContain('2 thông báo');
    expect(mail.text).toContain('Thông báo làm thêm giờ năm 2041 đã được tiếp nhận');
    expect(mail.text).toContain('Thông báo làm thêm giờ năm 2042 đã được tiếp nhận');
    expect(mail.text).not.toContain('Lee Min');
    // Sent once: the next run has nothing for this user.
    await sendDigests(t.app.db, t.app.mailer, t.config.publicUrl);
    const digests = await t.database.db
      .selectFrom('outbox_mail')
      .select('id')
      .where('purpose', '=', 'notification_digest')
      .where('to_address', '=', address)
      .execute();
    expect(digests).toHaveLength(1);
  });
});

async function emailOf(userId: string): Promise<string | null> {
  const row = await t.database.db.selectFrom('app_user').select('email').where('id', '=', userId).executeTakeFirst();
  return row?.email ?? null;
}
