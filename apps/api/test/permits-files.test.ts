import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_ATTACHMENTS } from '@portal/domain/permits/requirements';
import { createTestApp, type TestApp } from './support/app.ts';
import {
  caller,
  EXE,
  form,
  PDF,
  permitsWorld,
  PNG,
  requestIn,
  type Call,
  type PermitsWorld,
} from './permits.fixtures.ts';

let t: TestApp;
let w: PermitsWorld;
let call: Call;

beforeAll(async () => {
  t = await createTestApp();
  w = await permitsWorld(t);
  call = caller(t);
});
afterAll(async () => t?.close());

const upload = (id: string, code: string, file: { name: string; data: Buffer; type?: string }, session = w.employerA) =>
  call(session, 'PUT', `update-file-require?licenseId=${id}&requirementCode=${code}`, form(file));

async function storedKeyOf(fileRowId: string): Promise<string> {
  const row = await t.database.db
    .selectFrom('work_permit_file as f')
    .innerJoin('stored_file as s', 's.id', 'f.file_id')
    .select('s.storage_key')
    .where('f.id', '=', fileRowId)
    .executeTakeFirstOrThrow();
  return row.storage_key;
}

describe('required documents', () => {
  it('lists the checklist of the kind, uploads, replaces, downloads and removes a document', async () => {
    const made = await requestIn(w, 'draft');
    const slots = (await call(w.employerA, 'GET', `list-file-requires?licenseId=${made.id}`)).json();
    expect(slots.map((s: { code: string }) => s.code)).toEqual([
      'applicationForm',
      'demandApproval',
      'healthCertificate',
      'criminalRecord',
      'qualificationProof',
      'passportCopy',
      'photos',
      'workEvidence',
    ]);
    expect(slots.find((s: { code: string }) => s.code === 'photos')).toMatchObject({
      required: true,
      kinds: ['image'],
      maxMb: 5,
      file: null,
    });

    const first = await upload(made.id, 'healthCertificate', { name: 'Giấy khám sức khỏe – Tanaka.pdf', data: PDF });
    expect(first.statusCode).toBe(200);
    const slot = first.json().find((s: { code: string }) => s.code === 'healthCertificate');
    expect(slot.file).toMatchObject({
      fileName: 'Giấy khám sức khỏe – Tanaka.pdf',
      mime: 'application/pdf',
      side: 'applicant',
    });
    const oldKey = await storedKeyOf(slot.file.id);
    expect(await t.app.files.exists(oldKey)).toBe(true);

    const stored = await t.database.db
      .selectFrom('stored_file')
      .selectAll()
      .where('storage_key', '=', oldKey)
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ is_secure: true, business_id: w.businessA.id });
    // Secure: never through the public file route.
    expect((await t.request(`/api/Files/${stored.id}`)).statusCode).toBe(404);

    const download = await call(w.employerA, 'GET', `download-file-require/${slot.file.id}`);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['cache-control']).toBe('private, no-store');
    expect(download.headers['content-disposition']).toContain("filename*=UTF-8''Gi%E1%BA%A5y%20kh%C3%A1m");
    expect(download.rawPayload.equals(PDF)).toBe(true);

    // Uploading again replaces the document: one slot, the old bytes gone.
    const second = await upload(made.id, 'healthCertificate', { name: 'ban-scan.png', data: PNG });
    const replaced = second.json().find((s: { code: string }) => s.code === 'healthCertificate');
    expect(replaced.file).toMatchObject({ id: slot.file.id, fileName: 'ban-scan.png', mime: 'image/png' });
    expect(await t.app.files.exists(oldKey)).toBe(false);
    expect(
      await t.database.db.selectFrom('stored_file').select('id').where('id', '=', stored.id).executeTakeFirst(),
    ).toBeUndefined();

    const newKey = await storedKeyOf(replaced.file.id);
    const removed = await call(w.employerA, 'POST', 'delete-file-require', [replaced.file.id]);
    expect(removed.json()).toEqual({ deleted: 1 });
    expect(await t.app.files.exists(newKey)).toBe(false);
    const after = (await call(w.employerA, 'GET', `list-file-requires?licenseId=${made.id}`)).json();
    expect(after.find((s: { code: string }) => s.code === 'healthCertificate').file).toBeNull();
  });

  it('refuses files by content type and size, with messages that name the document', async () => {
    const made = await requestIn(w, 'draft');
    // A PDF is not a photo, whatever its name says.
    const notPhoto = await upload(made.id, 'photos', { name: 'anh.png', data: PDF, type: 'image/png' });
    expect(notPhoto.statusCode).toBe(415);
    expect(notPhoto.json().error.code).toBe('FILE_TYPE');
    expect(notPhoto.json().error.message).toBe(
      '02 ảnh màu 4 × 6 cm, nền trắng chỉ nhận tệp ảnh (JPG, PNG); tệp đã chọn không đúng loại (hệ thống kiểm tra nội dung tệp, không dựa vào tên tệp)',
    );
    // A program renamed .pdf.
    const exe = await upload(made.id, 'passportCopy', { name: 'ho-chieu.pdf', data: EXE, type: 'application/pdf' });
    expect(exe.statusCode).toBe(415);
    expect(exe.json().error.message).toContain('PDF hoặc ảnh (JPG, PNG)');
    // Over the size of a photo (5 MB).
    const big = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]);
    const tooBig = await upload(made.id, 'photos', { name: 'anh-lon.png', data: big });
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().error.message).toBe('02 ảnh màu 4 × 6 cm, nền trắng: tệp vượt quá dung lượng cho phép (5 MB)');
    // Not a document of this kind's checklist, or no file at all.
    expect((await upload(made.id, 'exemptionProof', { name: 'a.pdf', data: PDF })).json().error.code).toBe(
      'REQUIREMENT_UNKNOWN',
    );
    expect(
      (
        await call(
          w.employerA,
          'PUT',
          `update-file-require?licenseId=${made.id}&requirementCode=nope`,
          form({ name: 'a.pdf', data: PDF }),
        )
      ).statusCode,
    ).toBe(400);
    const empty = new FormData();
    empty.append('IsSecure', 'true');
    expect(
      (await call(w.employerA, 'PUT', `update-file-require?licenseId=${made.id}&requirementCode=photos`, empty)).json()
        .error.code,
    ).toBe('FILE_REQUIRED');
    const json = await call(w.employerA, 'PUT', `update-file-require?licenseId=${made.id}&requirementCode=photos`, {
      a: 1,
    });
    expect(json.statusCode).toBe(415);
    // Nothing was kept.
    const slots = (await call(w.employerA, 'GET', `list-file-requires?licenseId=${made.id}`)).json();
    expect(slots.every((s: { file: unknown }) => s.file === null)).toBe(true);
  });

  it('freezes the documents once submitted, and the department reads them', async () => {
    const made = await requestIn(w, 'submitted');
    const late = await upload(made.id, 'workEvidence', { name: 'hop-dong.pdf', data: PDF });
    expect(late.statusCode).toBe(409);
    expect(late.json().error.code).toBe('INVALID_STATE');
    const slots = (await call(w.department, 'GET', `list-file-requires?licenseId=${made.id}`)).json();
    const photo = slots.find((s: { code: string }) => s.code === 'photos').file;
    expect(
      (await call(w.department, 'GET', `download-file-require/${photo.id}?inline=1`)).headers['content-disposition'],
    ).toMatch(/^inline;/);
    expect((await call(w.employerA, 'POST', 'delete-file-require', [photo.id])).statusCode).toBe(409);
    // The department never uploads the employer's documents.
    expect((await upload(made.id, 'workEvidence', { name: 'x.pdf', data: PDF }, w.department)).json().error.code).toBe(
      'NOT_YOUR_STEP',
    );
  });
});

describe('other attachments', () => {
  it('each side attaches while it may change the request and removes only its own', async () => {
    const made = await requestIn(w, 'draft');
    const add = await call(
      w.employerA,
      'POST',
      `add-file-to-license?licenseId=${made.id}`,
      form({ name: 'Thư giải trình.pdf', data: PDF }),
    );
    expect(add.statusCode).toBe(200);
    expect(add.json()).toEqual([
      expect.objectContaining({ fileName: 'Thư giải trình.pdf', side: 'applicant', requirementCode: null }),
    ]);
    const employerFile = add.json()[0].id as string;

    // Submitted, then granted: the department attaches the signed permit.
    const submitted = await requestIn(w, 'approved');
    const signed = await call(
      w.department,
      'POST',
      `add-file-to-license?licenseId=${submitted.id}`,
      form({ name: 'Giấy phép đã ký.pdf', data: PDF }),
    );
    expect(signed.statusCode).toBe(200);
    const signedId = signed.json()[0].id as string;
    expect(signed.json()[0]).toMatchObject({ side: 'reviewer' });
    // The employer sees and downloads it, but cannot remove it nor attach to a granted permit.
    const seen = (await call(w.employerA, 'GET', `list-file-in-worker-license?licenseId=${submitted.id}`)).json();
    expect(seen.map((f: { id: string }) => f.id)).toEqual([signedId]);
    expect((await call(w.employerA, 'GET', `download-file-require/${signedId}`)).statusCode).toBe(200);
    const remove = await call(w.employerA, 'POST', 'delete-file-in-license', [signedId]);
    expect(remove.statusCode).toBe(403);
    expect(remove.json().error.code).toBe('FILE_NOT_YOURS');
    expect(
      (
        await call(
          w.employerA,
          'POST',
          `add-file-to-license?licenseId=${submitted.id}`,
          form({ name: 'a.pdf', data: PDF }),
        )
      ).statusCode,
    ).toBe(409);
    // Another employer sees none of it.
    expect((await call(w.employerB, 'GET', `download-file-require/${signedId}`)).statusCode).toBe(404);
    expect((await call(w.employerB, 'POST', 'delete-file-in-license', [employerFile])).statusCode).toBe(404);
    // A checklist id is not an attachment id (and the other way round).
    expect((await call(w.employerA, 'POST', 'delete-file-require', [employerFile])).statusCode).toBe(404);
    expect((await call(w.employerA, 'POST', 'delete-file-in-license', [employerFile])).json()).toEqual({ deleted: 1 });
    expect((await call(w.department, 'POST', 'delete-file-in-license', [signedId])).json()).toEqual({ deleted: 1 });
  });

  it(`holds at most ${MAX_ATTACHMENTS} attachments`, async () => {
    const made = await requestIn(w, 'draft');
    for (let i = 0; i < MAX_ATTACHMENTS; i++) {
      const res = await call(
        w.employerA,
        'POST',
        `add-file-to-license?licenseId=${made.id}`,
        form({ name: `tep-${i}.pdf`, data: PDF }),
      );
      expect(res.statusCode).toBe(200);
    }
    const over = await call(
      w.employerA,
      'POST',
      `add-file-to-license?licenseId=${made.id}`,
      form({ name: 'thua.pdf', data: PDF }),
    );
    expect(over.statusCode).toBe(409);
    expect(over.json().error.code).toBe('TOO_MANY_ATTACHMENTS');
  });
});
