import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import { NEW_MAIL_EVENT } from '@portal/domain/messaging/index';
import { HUB_PATH } from '../src/platform/realtime/index.ts';
import { caller, type As } from './support/calls.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { scopeFixture, sessionWith, type Session } from './support/accounts.ts';

/**
 * Mail between users: who may write to whom follows the writer's scope (forged ids refused whole), each owner's
 * copy is theirs (read dates, labels, deletion to their own trash bin), attachments are the sender's own uploads
 * and only the sender and the recipients download them.
 */
const PERMISSIONS = ['Message.read', 'Message.create', 'Message.delete', 'RecycleBin.read', 'RecycleBin.delete'];
const pdf = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

let t: TestApp;
let f: Awaited<ReturnType<typeof scopeFixture>>;
let outsider: Session;
beforeAll(async () => {
  t = await createTestApp();
  f = await scopeFixture(t, PERMISSIONS);
  outsider = await sessionWith(t, { permissions: PERMISSIONS, unitId: f.districtUnitB });
});
const sockets: Socket[] = [];
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  await t?.close();
});
const call: ReturnType<typeof caller> = (...args) => caller(t)(...args);
const id = (s: { user: { id: string } }) => s.user.id;

function upload(who: Session, name = 'Biên bản kiểm tra.pdf') {
  const form = new FormData();
  form.append('IsSecure', 'false');
  form.append('formFile', new Blob([pdf], { type: 'application/pdf' }), name);
  return t.request({ method: 'POST', url: '/api/Message/upload-file', headers: who.headers, payload: form });
}

async function send(who: As, body: Record<string, unknown>) {
  return call(who, 'POST', '/api/Message/send-email', { subject: 'Thử', body: 'Nội dung', ...body });
}

async function list(who: As, url: string, query: Record<string, string> = {}) {
  const res = await call(who, 'GET', url, undefined, query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    pageLists: Array<{ id: string; subject: string; read: boolean; label: string | null }>;
    totalRecord: number;
  };
}

describe('who may write to whom', () => {
  it('the picker offers an employer the department and its own commune, never another employer', async () => {
    const res = await list(f.employerA, '/api/Message/accounts', { pageSize: '100' });
    const ids = res.pageLists.map((p) => p.id);
    expect(ids).toContain(id(f.department));
    expect(ids).toContain(id(f.districtA));
    expect(ids).not.toContain(id(f.districtB));
    expect(ids).not.toContain(id(f.employerB));
    expect(ids).not.toContain(id(f.employerA));
  });

  it('the picker offers a commune the department and its own employers; the department anyone', async () => {
    const commune = (await list(f.districtA, '/api/Message/accounts', { pageSize: '100' })).pageLists.map((p) => p.id);
    expect(commune).toEqual(expect.arrayContaining([id(f.department), id(f.employerA)]));
    expect(commune).not.toContain(id(f.employerB));
    expect(commune).not.toContain(id(f.districtB));
    const department = (await list(f.department, '/api/Message/accounts', { pageSize: '100' })).pageLists.map(
      (p) => p.id,
    );
    expect(department).toEqual(
      expect.arrayContaining([id(f.employerA), id(f.employerB), id(f.districtA), id(f.districtB)]),
    );
  });

  it('the picker finds people by name without accents', async () => {
    await t.database.db
      .updateTable('app_user')
      .set({ full_name: 'Nguyễn Thị Hạnh Đào' })
      .where('id', '=', id(f.districtA))
      .execute();
    const found = await list(f.employerA, '/api/Message/accounts', { keyWord: 'hanh dao' });
    expect(found.pageLists.map((p) => p.id)).toEqual([id(f.districtA)]);
  });

  it('an employer cannot write to another employer, even with forged ids; nothing is written', async () => {
    const before = await list(f.employerB, '/api/Message/getInbox');
    const res = await send(f.employerA, { recipientIds: [id(f.department), id(f.employerB)], subject: 'Giả mạo' });
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json().error.code).toBe('RECIPIENT_NOT_ALLOWED');
    expect((await list(f.employerB, '/api/Message/getInbox')).totalRecord).toBe(before.totalRecord);
    expect((await list(f.employerA, '/api/Message/getSent', { keyWord: 'Giả mạo' })).totalRecord).toBe(0);
    // Another commune's officer and an unknown id are refused the same way.
    expect((await send(f.employerA, { recipientIds: [id(f.districtB)] })).statusCode).toBe(403);
    expect((await send(f.employerA, { recipientIds: ['00000000-0000-4000-8000-000000000000'] })).statusCode).toBe(403);
  });

  it('bad input is a 400 with the error body; no permission is a 403; no session a 401', async () => {
    const bad = await send(f.employerA, { recipientIds: [], subject: '' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details.length).toBeGreaterThan(0);
    const none = await sessionWith(t, { permissions: ['Message.read'] });
    expect((await send(none, { recipientIds: [id(f.department)] })).statusCode).toBe(403);
    expect((await send(null, { recipientIds: [id(f.department)] })).statusCode).toBe(401);
  });
});

describe('sending, reading, labels and attachments', () => {
  let sentId: string;
  let inboxId: string;
  let fileId: string;

  it('an employer writes to the department with an attachment it uploaded', async () => {
    const up = await upload(f.employerA);
    expect(up.statusCode, up.body).toBe(201);
    fileId = up.json().id;
    expect(up.json().isSecure).toBe(true);
    const res = await send(f.employerA, {
      recipientIds: [id(f.department), id(f.districtA)],
      subject: 'Báo cáo tình hình an toàn lao động quý III',
      body: 'Kính gửi Sở,\nCông ty gửi kèm biên bản kiểm tra.',
      fileIds: [fileId],
      label: 'company',
    });
    expect(res.statusCode, res.body).toBe(201);
    sentId = res.json().id;
    const count = await call(f.department, 'GET', '/api/Message/getCountNewInbox');
    expect(count.json().count).toBeGreaterThanOrEqual(1);
    const inbox = await list(f.department, '/api/Message/getInbox', { keyWord: 'bao cao tinh hinh an toan' });
    expect(inbox.totalRecord).toBe(1);
    expect(inbox.pageLists[0]).toMatchObject({ read: false, label: null });
    inboxId = inbox.pageLists[0]!.id;
    const preview = await list(f.department, '/api/Inbox', { pageNumber: '1', pageSize: '3' });
    expect(preview.pageLists.map((m) => m.id)).toContain(inboxId);
  });

  it('opening marks it read for that recipient only; the sender sees who read it', async () => {
    const before = (await call(f.department, 'GET', '/api/Message/getCountNewInbox')).json().count as number;
    const open = await call(f.department, 'GET', `/api/Message/inboxDetail/${inboxId}`);
    expect(open.statusCode, open.body).toBe(200);
    expect(open.json()).toMatchObject({
      subject: 'Báo cáo tình hình an toàn lao động quý III',
      read: true,
      files: [{ id: fileId, name: 'Biên bản kiểm tra.pdf' }],
    });
    expect((await call(f.department, 'GET', '/api/Message/getCountNewInbox')).json().count).toBe(before - 1);
    const sent = (await call(f.employerA, 'GET', `/api/Message/sentDetail/${sentId}`)).json();
    const readDates = Object.fromEntries(
      (sent.recipients as Array<{ id: string; readDate: string | null }>).map((r) => [r.id, r.readDate]),
    );
    expect(readDates[id(f.department)]).not.toBeNull();
    expect(readDates[id(f.districtA)]).toBeNull();
    // Someone else's entry, or an entry of the other box, looks absent.
    expect((await call(f.districtA, 'GET', `/api/Message/inboxDetail/${inboxId}`)).statusCode).toBe(404);
    expect((await call(f.department, 'GET', `/api/Message/sentDetail/${inboxId}`)).statusCode).toBe(404);
  });

  it('check-read marks read and unread again', async () => {
    const mine = (await list(f.districtA, '/api/Message/getInbox', { unread: 'true' })).pageLists.map((m) => m.id);
    expect(mine.length).toBeGreaterThan(0);
    const res = await call(f.districtA, 'POST', '/api/Message/check-read', mine);
    expect(res.json().updated).toBe(mine.length);
    expect((await call(f.districtA, 'GET', '/api/Message/getCountNewInbox')).json().count).toBe(0);
    await call(f.districtA, 'POST', '/api/Message/check-read?read=false', mine);
    expect((await call(f.districtA, 'GET', '/api/Message/getCountNewInbox')).json().count).toBe(mine.length);
    // Another user's ids: 404, nothing changes.
    expect((await call(f.department, 'POST', '/api/Message/check-read', mine)).statusCode).toBe(404);
  });

  it('the attachment downloads for the sender and the recipients; a third user gets 404', async () => {
    for (const who of [f.employerA, f.department, f.districtA]) {
      const res = await call(who, 'GET', `/api/File/download/${fileId}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.rawPayload.equals(pdf)).toBe(true);
    }
    for (const who of [f.employerB, outsider]) {
      const res = await call(who, 'GET', `/api/File/download/${fileId}`);
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('NOT_FOUND');
    }
    // Never public.
    expect((await call(null, 'GET', `/api/Files/${fileId}`)).statusCode).toBe(404);
  });

  it('a message attaches only files its sender uploaded', async () => {
    const res = await send(f.department, { recipientIds: [id(f.employerB)], fileIds: [fileId] });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.code).toBe('FILE_NOT_OWN');
    expect((await call(f.employerB, 'GET', `/api/File/download/${fileId}`)).statusCode).toBe(404);
  });

  it('a public file the sender uploaded through the generic upload becomes secure once attached', async () => {
    const writer = await sessionWith(t, { permissions: [...PERMISSIONS, 'File.create'] });
    const form = new FormData();
    form.append('IsSecure', 'false');
    form.append('formFile', new Blob([pdf], { type: 'application/pdf' }), 'Thông báo.pdf');
    const up = await t.request({ method: 'POST', url: '/api/File/upload', headers: writer.headers, payload: form });
    expect(up.statusCode, up.body).toBe(201);
    const publicId = up.json().id as string;
    expect((await call(null, 'GET', `/api/Files/${publicId}`)).statusCode).toBe(200);
    const res = await send(writer, { recipientIds: [id(f.employerA)], fileIds: [publicId] });
    expect(res.statusCode, res.body).toBe(201);
    expect((await call(null, 'GET', `/api/Files/${publicId}`)).statusCode).toBe(404);
    expect((await call(f.employerB, 'GET', `/api/File/download/${publicId}`)).statusCode).toBe(404);
    expect((await call(f.employerA, 'GET', `/api/File/download/${publicId}`)).statusCode).toBe(200);
  });

  it('labels are per owner; the label list finds a message under its label; other labels are refused', async () => {
    expect(
      (await call(f.department, 'POST', '/api/Message/set-label', { ids: [inboxId], label: 'important' })).statusCode,
    ).toBe(200);
    const important = await list(f.department, '/api/Message/getByLabel', { label: 'important' });
    expect(important.pageLists.map((m) => m.id)).toEqual([inboxId]);
    expect((await list(f.department, '/api/Message/getInbox', { label: 'important' })).totalRecord).toBe(1);
    // The sender's own copy keeps the label it was sent with; the other recipient's has none.
    expect((await list(f.employerA, '/api/Message/getByLabel', { label: 'company' })).pageLists[0]?.id).toBe(sentId);
    expect((await list(f.districtA, '/api/Message/getByLabel', { label: 'important' })).totalRecord).toBe(0);
    const other = await call(f.department, 'GET', '/api/Message/getByLabel', undefined, { label: 'other' });
    expect(other.statusCode).toBe(400);
    const bad = await call(f.department, 'POST', '/api/Message/set-label', { ids: [inboxId], label: 'other' });
    expect(bad.statusCode).toBe(400);
    expect(
      (await call(f.employerB, 'POST', '/api/Message/set-label', { ids: [inboxId], label: null })).statusCode,
    ).toBe(404);
  });

  it('a reply goes back to the sender', async () => {
    const res = await send(f.department, {
      recipientIds: [id(f.employerA)],
      subject: 'Trả lời: Báo cáo tình hình an toàn lao động quý III',
      body: 'Sở đã nhận.',
      replyToId: inboxId,
    });
    expect(res.statusCode, res.body).toBe(201);
    const inbox = await list(f.employerA, '/api/Message/getInbox', { keyWord: 'tra loi' });
    expect(inbox.totalRecord).toBe(1);
    // Replying to someone else's entry is refused.
    expect((await send(f.employerB, { recipientIds: [id(f.department)], replyToId: inboxId })).statusCode).toBe(400);
  });

  it('deleting from the inbox hides it for that recipient only; the trash bin restores or purges it', async () => {
    const del = await call(f.department, 'POST', '/api/Message/deleteInbox', [inboxId]);
    expect(del.statusCode, del.body).toBe(200);
    expect(
      (await list(f.department, '/api/Message/getInbox', { keyWord: 'quy III' })).pageLists.map((m) => m.id),
    ).not.toContain(inboxId);
    expect((await call(f.department, 'GET', `/api/Message/inboxDetail/${inboxId}`)).statusCode).toBe(404);
    // The sender and the other recipient still have theirs.
    expect((await call(f.employerA, 'GET', `/api/Message/sentDetail/${sentId}`)).statusCode).toBe(200);
    expect((await list(f.districtA, '/api/Message/getInbox', { keyWord: 'quy III' })).totalRecord).toBe(1);
    // Deleting again, or someone else's entry: 404.
    expect((await call(f.department, 'POST', '/api/Message/deleteInbox', [inboxId])).statusCode).toBe(404);
    expect((await call(f.employerA, 'POST', '/api/Message/deleteInbox', [sentId])).statusCode).toBe(404);

    // In the owner's trash bin only (not in the department-wide view of another officer).
    const trash = async (who: As) =>
      (await list(who, '/api/RecycleBin/recycleBins', { area: 'Message', pageSize: '100' })).pageLists.map((r) => r.id);
    expect(await trash(f.department)).toContain(inboxId);
    const colleague = await sessionWith(t, { permissions: PERMISSIONS });
    expect(await trash(colleague)).not.toContain(inboxId);
    expect(
      (await call(colleague, 'POST', '/api/RecycleBin/restore', { area: 'Message', ids: [inboxId] })).statusCode,
    ).toBe(404);
    // The attachment stays readable while it is in the trash bin.
    expect((await call(f.department, 'GET', `/api/File/download/${fileId}`)).statusCode).toBe(200);

    const restored = await call(f.department, 'POST', '/api/RecycleBin/restore', { area: 'Message', ids: [inboxId] });
    expect(restored.statusCode, restored.body).toBe(200);
    expect((await call(f.department, 'GET', `/api/Message/inboxDetail/${inboxId}`)).statusCode).toBe(200);

    // Deleting from the sent box hides it for the sender; purging it removes only the sender's copy.
    expect((await call(f.employerA, 'POST', '/api/Message/deleteSent', [sentId])).statusCode).toBe(200);
    expect((await list(f.employerA, '/api/Message/getSent', { keyWord: 'quy III' })).totalRecord).toBe(0);
    const purged = await call(f.employerA, 'POST', '/api/RecycleBin/permanent-delete', {
      area: 'Message',
      ids: [sentId],
    });
    expect(purged.statusCode, purged.body).toBe(200);
    expect(await trash(f.employerA)).not.toContain(sentId);
    expect((await call(f.department, 'GET', `/api/Message/inboxDetail/${inboxId}`)).statusCode).toBe(200);
    // The recipients still read the file (and its uploader always may).
    expect((await call(f.department, 'GET', `/api/File/download/${fileId}`)).statusCode).toBe(200);
    expect((await call(f.districtA, 'GET', `/api/File/download/${fileId}`)).statusCode).toBe(200);
  });
});

describe('deleting for good', () => {
  it('a message goes once every copy of it is purged, not before', async () => {
    const sent = await send(f.department, { recipientIds: [id(f.employerB)], subject: 'Thư sẽ bị xóa hẳn' });
    expect(sent.statusCode, sent.body).toBe(201);
    const { id: sentId, messageId } = sent.json() as { id: string; messageId: string };
    const inboxId = (await list(f.employerB, '/api/Message/getInbox', { keyWord: 'thu se bi xoa han' })).pageLists[0]!
      .id;
    const exists = async () =>
      (await t.database.db.selectFrom('message').select('id').where('id', '=', messageId).execute()).length;
    const purge = async (who: As, entry: string) =>
      (await call(who, 'POST', '/api/RecycleBin/permanent-delete', { area: 'Message', ids: [entry] })).statusCode;

    expect((await call(f.employerB, 'POST', '/api/Message/deleteInbox', [inboxId])).statusCode).toBe(200);
    expect(await purge(f.employerB, inboxId)).toBe(200);
    expect(await exists()).toBe(1);
    expect((await call(f.department, 'GET', `/api/Message/sentDetail/${sentId}`)).statusCode).toBe(200);

    expect((await call(f.department, 'POST', '/api/Message/deleteSent', [sentId])).statusCode).toBe(200);
    expect(await purge(f.department, sentId)).toBe(200);
    expect(await exists()).toBe(0);
  });
});

describe('the new-mail push', () => {
  it('reaches each recipient through the real-time hub with their own entry, and nobody else', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const open = async (who: Session & { user: { id: string } }) => {
      const socket = connect(base, {
        path: HUB_PATH,
        query: { uid: who.user.id, mid: 'test' },
        auth: { token: who.accessToken },
        transports: ['websocket'],
        reconnection: false,
        forceNew: true,
      });
      sockets.push(socket);
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
      const seen: unknown[] = [];
      socket.on(NEW_MAIL_EVENT, (payload: unknown) => seen.push(payload));
      return seen;
    };
    const department = await open(f.department);
    const stranger = await open(f.employerB);
    const arrived = new Promise<void>((resolve) => {
      const timer = setInterval(() => department.length && (clearInterval(timer), resolve()), 20);
    });
    const res = await send(f.employerA, { recipientIds: [id(f.department)], subject: 'Lịch kiểm tra định kỳ' });
    expect(res.statusCode, res.body).toBe(201);
    await arrived;
    const inbox = await list(f.department, '/api/Message/getInbox', { keyWord: 'lich kiem tra dinh ky' });
    expect(department).toEqual([
      expect.objectContaining({ id: inbox.pageLists[0]!.id, subject: 'Lịch kiểm tra định kỳ' }),
    ]);
    expect(stranger).toEqual([]);
  });
});
