import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createTestApp, type TestApp } from './support/app.ts';
import { contentDisposition, readUpload, saveUpload } from '../src/platform/files/index.ts';

// The smallest valid PNG (1×1) and a PDF header: real content, checked by signature.
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const pdf = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

const probe: FastifyPluginAsyncZod = async (app) => {
  app.post('/api/__probe/upload-image', { config: { permission: 'Auth.read' } }, async (request) => {
    const upload = await readUpload(request, { kinds: ['image'], maxBytes: 64 * 1024 });
    const file = await saveUpload(app.db, app.files, upload, { uploadedBy: null });
    return { id: file.id, name: file.original_name, mime: file.mime, secure: file.is_secure, fileType: file.file_type };
  });
};

function form(fields: Record<string, string>, file?: { name: string; data: Buffer; type?: string }): FormData {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.append(k, v);
  if (file) f.append('formFile', new Blob([file.data], { type: file.type ?? 'application/octet-stream' }), file.name);
  return f;
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { plugins: [probe] });
});
afterAll(async () => t.close());

describe('uploads', () => {
  it('stores an image with its Vietnamese name and serves it back', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/__probe/upload-image',
      payload: form(
        { IsSecure: 'false', FileType: 'logo', IsBackground: 'false', UserId: '' },
        { name: 'Biểu trưng tỉnh Lâm Đồng.png', data: png },
      ),
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      name: 'Biểu trưng tỉnh Lâm Đồng.png',
      mime: 'image/png',
      secure: false,
      fileType: 'logo',
    });
    const get = await t.request(`/api/Files/${body.id}?download=1`);
    expect(get.statusCode).toBe(200);
    expect(get.headers['content-type']).toBe('image/png');
    expect(get.rawPayload.equals(png)).toBe(true);
    expect(get.headers['content-disposition']).toContain("filename*=UTF-8''Bi%E1%BB%83u%20tr%C6%B0ng");
  });

  it('decides the type by content: a PDF named .png is refused with 415', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/__probe/upload-image',
      payload: form({}, { name: 'anh.png', data: pdf, type: 'image/png' }),
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().error.code).toBe('FILE_TYPE_NOT_ALLOWED');
  });

  it('refuses a file over the size limit with 413 and keeps nothing', async () => {
    const before = await t.database.db
      .selectFrom('stored_file')
      .select((e) => e.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const big = Buffer.concat([png, Buffer.alloc(100 * 1024)]);
    const res = await t.request({
      method: 'POST',
      url: '/api/__probe/upload-image',
      payload: form({}, { name: 'lon.png', data: big }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().error.message).toMatch(/dung lượng/);
    const after = await t.database.db
      .selectFrom('stored_file')
      .select((e) => e.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });

  it('answers 400 when no file is sent and 415 for a non-multipart body', async () => {
    const none = await t.request({
      method: 'POST',
      url: '/api/__probe/upload-image',
      payload: form({ IsSecure: 'true' }),
    });
    expect(none.statusCode).toBe(400);
    expect(none.json().error.code).toBe('FILE_REQUIRED');
    const json = await t.request({ method: 'POST', url: '/api/__probe/upload-image', payload: { a: 1 } });
    expect(json.statusCode).toBe(415);
  });

  it('never serves secure files through the public route', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/__probe/upload-image',
      payload: form({ IsSecure: 'true' }, { name: 'cccd.png', data: png }),
    });
    expect(res.json().secure).toBe(true);
    expect((await t.request(`/api/Files/${res.json().id}`)).statusCode).toBe(404);
    expect((await t.request('/api/Files/not-a-uuid')).statusCode).toBe(400);
  });
});

describe('contentDisposition', () => {
  it('gives an ASCII fallback and the exact UTF-8 name', () => {
    expect(contentDisposition('Danh sách người lao động.xlsx')).toBe(
      `attachment; filename="Danh sach nguoi lao dong.xlsx"; filename*=UTF-8''Danh%20s%C3%A1ch%20ng%C6%B0%E1%BB%9Di%20lao%20%C4%91%E1%BB%99ng.xlsx`,
    );
  });
});
