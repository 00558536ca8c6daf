import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_FILE_BYTES } from '@portal/domain/files/index';
import { createTestApp, type TestApp } from './support/app.ts';
import { sessionWith, type Session, type TestUser } from './support/accounts.ts';

/**
 * The generic upload form (spec §3: formFile, IsSecure, IsBackground, FileType, UserId) and its download: types
 * decided by content, size limit, 4xx error bodies, secure files only to their uploader or File.readSecure, and
 * a catalogue record (the file index's scanned document) carrying the uploaded file.
 */

const pdf = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

function form(fields: Record<string, string>, file?: { name: string; data: Buffer; type?: string }): FormData {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.append(k, v);
  if (file) f.append('formFile', new Blob([file.data], { type: file.type ?? 'application/octet-stream' }), file.name);
  return f;
}

let t: TestApp;
type UserSession = Session & { user: TestUser };
let uploader: UserSession;
let colleague: UserSession;
let keeper: UserSession;
let noFeatures: UserSession;
let clerk: UserSession;
beforeAll(async () => {
  t = await createTestApp();
  uploader = await sessionWith(t, { permissions: ['File.create', 'IndexFile.read', 'IndexFile.create'] });
  colleague = await sessionWith(t, { permissions: ['File.create', 'IndexFile.read'] });
  keeper = await sessionWith(t, { permissions: ['File.readSecure'] });
  noFeatures = await sessionWith(t, { permissions: [] });
  clerk = await sessionWith(t, {
    permissions: ['File.create', 'IndexFile.read', 'IndexFile.create', 'IndexFile.update'],
  });
});
afterAll(async () => t?.close());

const upload = (s: Session, payload: FormData) =>
  t.request({ method: 'POST', url: '/api/File/upload', headers: s.headers, payload });
const download = (s: Session | null, id: string) =>
  t.request({ url: `/api/File/download/${id}`, headers: s?.headers ?? {} });

describe('POST /api/File/upload', () => {
  it('stores a PDF with its Vietnamese name and answers id, name, size and type', async () => {
    const res = await upload(
      uploader,
      form(
        { IsSecure: 'false', IsBackground: 'false', FileType: 'scan', UserId: keeper.user.id },
        { name: 'Quy định lưu trữ hồ sơ.pdf', data: pdf, type: 'application/pdf' },
      ),
    );
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      name: 'Quy định lưu trữ hồ sơ.pdf',
      size: pdf.length,
      type: 'application/pdf',
      fileType: 'scan',
      isSecure: false,
    });
    // The uploader is the signed-in user, not whoever UserId names.
    const row = await t.database.db
      .selectFrom('stored_file')
      .select('uploaded_by')
      .where('id', '=', body.id)
      .executeTakeFirstOrThrow();
    expect(row.uploaded_by).toBe(uploader.user.id);

    const got = await download(colleague, body.id);
    expect(got.statusCode).toBe(200);
    expect(got.headers['content-type']).toBe('application/pdf');
    expect(got.rawPayload.equals(pdf)).toBe(true);
    expect(got.headers['content-disposition']).toContain("filename*=UTF-8''Quy%20%C4%91%E1%BB%8Bnh");
  });

  it('a file sent without IsSecure is secure: only its uploader (and File.readSecure) can read it', async () => {
    const res = await upload(uploader, form({ FileType: 'scan' }, { name: 'quen-khai-bao.pdf', data: pdf }));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().isSecure).toBe(true);
    expect((await download(colleague, res.json().id)).statusCode).toBeGreaterThanOrEqual(403);
    expect((await download(null, res.json().id)).statusCode).toBeGreaterThanOrEqual(401);
    expect((await download(uploader, res.json().id)).statusCode).toBe(200);
    expect((await download(keeper, res.json().id)).statusCode).toBe(200);
    const open = await upload(uploader, form({ IsSecure: 'false' }, { name: 'cong-khai.pdf', data: pdf }));
    expect(open.json().isSecure).toBe(false);
  });

  it('refuses a wrong type by content (415), a file over the limit (413) and no file (400), with the error body', async () => {
    const before = await t.database.db
      .selectFrom('stored_file')
      .select((e) => e.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const script = await upload(
      uploader,
      form({}, { name: 'hoso.pdf', data: Buffer.from('#!/bin/sh\necho hi\n'), type: 'application/pdf' }),
    );
    expect(script.statusCode).toBe(415);
    expect(script.json().error).toMatchObject({
      code: 'FILE_TYPE_NOT_ALLOWED',
      message: 'Loại tệp không được chấp nhận',
    });

    const big = Buffer.concat([pdf, Buffer.alloc(MAX_FILE_BYTES)]);
    const tooBig = await t.request({
      method: 'POST',
      url: '/api/File/upload',
      headers: { ...uploader.headers, 'accept-language': 'en' },
      payload: form({}, { name: 'lon.pdf', data: big }),
    });
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().error.code).toBe('FILE_TOO_LARGE');
    expect(tooBig.json().error.message).toMatch(/10 MB/);

    const none = await upload(uploader, form({ IsSecure: 'true' }));
    expect(none.statusCode).toBe(400);
    expect(none.json().error.code).toBe('FILE_REQUIRED');

    const after = await t.database.db
      .selectFrom('stored_file')
      .select((e) => e.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });

  it('needs File.create', async () => {
    const res = await upload(noFeatures, form({}, { name: 'a.png', data: png }));
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('FORBIDDEN');
    expect((await t.request({ method: 'POST', url: '/api/File/upload', payload: form({}) })).statusCode).toBe(401);
  });
});

describe('GET /api/File/download/{id}', () => {
  it('serves a secure file to its uploader and to File.readSecure only; 404 to anyone else', async () => {
    const res = await upload(uploader, form({ IsSecure: 'true' }, { name: 'cccd.png', data: png }));
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().id as string;
    expect(res.json().isSecure).toBe(true);

    const own = await download(uploader, id);
    expect(own.statusCode).toBe(200);
    expect(own.headers['cache-control']).toContain('no-store');
    expect((await download(keeper, id)).statusCode).toBe(200);

    for (const other of [colleague, noFeatures]) {
      const refused = await download(other, id);
      expect(refused.statusCode).toBe(404);
      expect(refused.json().error.code).toBe('NOT_FOUND');
    }
    expect((await download(null, id)).statusCode).toBe(401);
    // Nor through the public route.
    expect((await t.request(`/api/Files/${id}`)).statusCode).toBe(404);
    expect((await download(uploader, 'not-a-uuid')).statusCode).toBe(400);
    expect((await download(uploader, '3f2b8c1e-9a4d-4e6f-8b7a-1c2d3e4f5a6b')).statusCode).toBe(404);
  });

  it('names a download by the type found in its bytes, without control or bidirectional characters', async () => {
    // A GIF that is also an HTML page: named .html it would open as a page; it downloads as .gif.
    const polyglot = Buffer.concat([Buffer.from('GIF89a'), Buffer.from('<html><script>alert(1)</script></html>')]);
    const gif = await upload(uploader, form({ IsSecure: 'true' }, { name: 'poly.html', data: polyglot }));
    expect(gif.statusCode, gif.body).toBe(201);
    expect(gif.json()).toMatchObject({ name: 'poly.gif', type: 'image/gif' });
    const got = await download(uploader, gif.json().id);
    expect(got.headers['content-type']).toBe('image/gif');
    expect(got.headers['content-disposition']).toContain('filename="poly.gif"');

    const bidi = await upload(uploader, form({ IsSecure: 'true' }, { name: 'invoice\u202Efdp.exe', data: pdf }));
    expect(bidi.statusCode, bidi.body).toBe(201);
    expect(bidi.json().name).toBe('invoicefdp.pdf');
    expect((await download(uploader, bidi.json().id)).headers['content-disposition']).not.toMatch(/%E2%80%AE/i);
  });
});

describe('a catalogue file field', () => {
  it('keeps the uploaded file on a file index record and shows its name in the list and the detail', async () => {
    const up = await upload(uploader, form({}, { name: 'Mẫu hồ sơ.pdf', data: pdf }));
    const fileId = up.json().id as string;
    const created = await t.request({
      method: 'POST',
      url: '/api/IndexFile/indexFiles',
      headers: uploader.headers,
      payload: { code: 'HS-SCAN-1', name: 'Hồ sơ có bản scan', scanFileId: fileId },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ scanFileId: fileId, scanFileName: 'Mẫu hồ sơ.pdf' });
    const list = await t.request({
      url: '/api/IndexFile/indexFiles',
      query: { keyWord: 'HS-SCAN-1' },
      headers: colleague.headers,
    });
    expect(list.json().pageLists[0]).toMatchObject({ scanFileName: 'Mẫu hồ sơ.pdf' });

    const unknown = await t.request({
      method: 'POST',
      url: '/api/IndexFile/indexFiles',
      headers: uploader.headers,
      payload: { code: 'HS-SCAN-2', name: 'Tệp không có', scanFileId: '3f2b8c1e-9a4d-4e6f-8b7a-1c2d3e4f5a6b' },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.details[0].field).toBe('scanFileId');
  });

  it('takes only a file the writer could download: not a secure file of another user', async () => {
    const secret = (await upload(uploader, form({ IsSecure: 'true' }, { name: 'bi-mat.pdf', data: pdf }))).json();
    const open = (await upload(uploader, form({ IsSecure: 'false' }, { name: 'cong-khai.pdf', data: pdf }))).json();
    const own = (await upload(clerk, form({ IsSecure: 'true' }, { name: 'cua-toi.pdf', data: pdf }))).json();
    const create = (code: string, scanFileId: string) =>
      t.request({
        method: 'POST',
        url: '/api/IndexFile/indexFiles',
        headers: clerk.headers,
        payload: { code, name: `Hồ sơ ${code}`, scanFileId },
      });
    const refused = await create('HS-ATTACH-1', secret.id);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.details).toEqual([expect.objectContaining({ field: 'scanFileId', code: 'reference' })]);
    expect((await create('HS-ATTACH-2', open.id)).statusCode).toBe(201);
    const mine = await create('HS-ATTACH-3', own.id);
    expect(mine.statusCode).toBe(201);
    // Someone who may read secure files may attach them; an unchanged value is not checked again.
    const byUploader = await t.request({
      method: 'POST',
      url: '/api/IndexFile/indexFiles',
      headers: uploader.headers,
      payload: { code: 'HS-ATTACH-4', name: 'Hồ sơ HS-ATTACH-4', scanFileId: secret.id },
    });
    expect(byUploader.statusCode, byUploader.body).toBe(201);
    const edited = await t.request({
      method: 'PUT',
      url: `/api/IndexFile/indexFiles/${byUploader.json().id}`,
      headers: clerk.headers,
      payload: { code: 'HS-ATTACH-4', name: 'Hồ sơ HS-ATTACH-4 (sửa)', scanFileId: secret.id },
    });
    expect(edited.statusCode, edited.body).toBe(200);
  });
});
