import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { caller } from './support/calls.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { scopeFixture, sessionWith } from './support/accounts.ts';

/**
 * Employers' records beyond the employer itself: official documents, overtime notifications, violating
 * organisations, sectors. Two employers in two communes: each sees only its own; communes see their area's.
 */

const PERMISSIONS = [
  'OfficialDocument.read',
  'OfficialDocument.create',
  'OfficialDocument.update',
  'OfficialDocument.delete',
  'OvertimeNotification.read',
  'OvertimeNotification.create',
  'OvertimeNotification.update',
  'OvertimeNotification.delete',
  'OvertimeNotification.approve',
  'ViolatingOrganization.read',
  'ViolatingOrganization.create',
  'ViolatingOrganization.update',
  'ViolatingOrganization.delete',
  'Bussiness.read',
  'Bussiness.update',
];

let t: TestApp;
let f: Awaited<ReturnType<typeof scopeFixture>>;

beforeAll(async () => {
  t = await createTestApp();
  f = await scopeFixture(t, PERMISSIONS);
});
afterAll(async () => t?.close());
const call: ReturnType<typeof caller> = (...args) => caller(t)(...args);

/** A 4xx with the project's error body (never a 500). */
function refused(res: LightMyRequestResponse, status: number) {
  expect(res.statusCode, res.body).toBe(status);
  const body = res.json() as {
    error: { code: string; message: string; details: { field?: string; message: string }[] };
  };
  expect(body.error.message.length).toBeGreaterThan(0);
  return body.error;
}

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

function multipart(name: string, data: Buffer, fields: Record<string, string> = {}) {
  const boundary = '----portal-test-boundary';
  const parts = [
    ...Object.entries(fields).map(([k, v]) =>
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`),
    ),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="formFile"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ];
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const document = (over: Record<string, unknown> = {}) => ({
  number: '15/CV-CTA',
  documentType: 'report',
  issuedOn: '2026-03-02',
  subject: 'Báo cáo công tác an toàn, vệ sinh lao động quý I',
  signer: 'Nguyễn Văn Bình',
  ...over,
});

describe('official documents', () => {
  it('an employer sends to the authority; only the department and its commune see it, never the other employer', async () => {
    const sent = await call(
      f.employerA,
      'POST',
      '/api/OfficialDocument/officialDocuments',
      document({ businessId: f.businessB.id }),
    );
    expect(sent.statusCode, sent.body).toBe(201);
    const doc = sent.json();
    // An employer always writes for itself, whatever it sends.
    expect(doc).toMatchObject({ direction: 'toAuthority', businessId: f.businessA.id, editable: true, seenAt: null });
    // Who sent it reads as a person's name, not a login name.
    const sender = await t.database.db
      .selectFrom('official_document as d')
      .innerJoin('app_user as u', 'u.id', 'd.created_by')
      .select(['d.created_by_name', 'u.full_name', 'u.user_name'])
      .where('d.id', '=', doc.id)
      .executeTakeFirstOrThrow();
    expect(sender.created_by_name).toBe(sender.full_name);
    expect(sender.created_by_name).not.toBe(sender.user_name);

    const own = await call(f.employerA, 'GET', '/api/OfficialDocument/officialDocuments', undefined, {
      box: 'outgoing',
    });
    expect(own.json().pageLists.map((d: { id: string }) => d.id)).toContain(doc.id);
    refused(await call(f.employerB, 'GET', `/api/OfficialDocument/officialDocuments/${doc.id}`), 404);
    expect(
      (await call(f.employerB, 'GET', '/api/OfficialDocument/officialDocuments'))
        .json()
        .pageLists.map((d: { id: string }) => d.id),
    ).not.toContain(doc.id);
    refused(await call(f.districtB, 'GET', `/api/OfficialDocument/officialDocuments/${doc.id}`), 404);

    // The department finds it in its incoming box with an accent-free search, and reading it is recorded.
    const found = await call(f.department, 'GET', '/api/OfficialDocument/officialDocuments', undefined, {
      box: 'incoming',
      keyWord: 'bao cao cong tac an toan',
    });
    expect(found.json().pageLists.map((d: { id: string }) => d.id)).toContain(doc.id);
    const opened = await call(f.districtA, 'GET', `/api/OfficialDocument/officialDocuments/${doc.id}`);
    expect(opened.statusCode).toBe(200);
    expect(opened.json()).toMatchObject({ editable: false });
    expect(opened.json().seenAt).not.toBeNull();
    // The receiving side reads, it does not edit.
    refused(await call(f.department, 'PUT', `/api/OfficialDocument/officialDocuments/${doc.id}`, document()), 403);
    refused(await call(f.department, 'POST', '/api/OfficialDocument/delete-official-documents', [doc.id]), 403);
  });

  it('the department writes to an employer it names; the employer sees it in its incoming box', async () => {
    const missing = refused(
      await call(f.department, 'POST', '/api/OfficialDocument/officialDocuments', document({ number: '120/SNV-LĐ' })),
      400,
    );
    expect(missing.details.map((d) => d.field)).toEqual(['businessId']);
    const sent = await call(
      f.department,
      'POST',
      '/api/OfficialDocument/officialDocuments',
      document({
        number: '120/SNV-LĐ',
        documentType: 'officialLetter',
        subject: 'Đôn đốc báo cáo tai nạn lao động',
        businessId: f.businessA.id,
      }),
    );
    expect(sent.statusCode, sent.body).toBe(201);
    const doc = sent.json();
    expect(doc.direction).toBe('toEmployer');
    const inbox = await call(f.employerA, 'GET', '/api/OfficialDocument/officialDocuments', undefined, {
      box: 'incoming',
      unseen: 'true',
    });
    expect(inbox.json().pageLists.map((d: { id: string }) => d.id)).toContain(doc.id);
    expect(
      (await call(f.employerB, 'GET', '/api/OfficialDocument/officialDocuments', undefined, { box: 'incoming' })).json()
        .pageLists,
    ).toEqual([]);
    // A commune writes only to employers of its own area.
    refused(
      await call(
        f.districtB,
        'POST',
        '/api/OfficialDocument/officialDocuments',
        document({ businessId: f.businessA.id }),
      ),
      400,
    );
    // A due date before the issue date is refused with the field named.
    const bad = refused(
      await call(
        f.department,
        'PUT',
        `/api/OfficialDocument/officialDocuments/${doc.id}`,
        document({ businessId: f.businessA.id, dueDate: '2026-01-01' }),
      ),
      400,
    );
    expect(bad.details.map((d) => d.field)).toEqual(['dueDate']);
  });

  it('attachments are secure: served only through the document, to those who may see it', async () => {
    const doc = (
      await call(f.employerA, 'POST', '/api/OfficialDocument/officialDocuments', document({ number: '16/CV-CTA' }))
    ).json();
    const upload = multipart('Báo cáo quý I.pdf', PDF, { IsSecure: 'false' });
    const added = await t.request({
      method: 'POST',
      url: `/api/OfficialDocument/add-file/${doc.id}`,
      headers: { ...f.employerA.headers, ...upload.headers },
      payload: upload.payload,
    });
    expect(added.statusCode, added.body).toBe(201);
    const file = added.json();
    expect(file.name).toBe('Báo cáo quý I.pdf');
    const stored = await t.database.db
      .selectFrom('stored_file')
      .select(['is_secure', 'business_id'])
      .where('id', '=', file.id)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ is_secure: true, business_id: f.businessA.id });
    expect((await t.request({ url: `/api/Files/${file.id}` })).statusCode).toBe(404);
    refused(await call(f.employerB, 'GET', `/api/OfficialDocument/download-file/${doc.id}/${file.id}`), 404);
    const download = await call(f.department, 'GET', `/api/OfficialDocument/download-file/${doc.id}/${file.id}`);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(String(download.headers['content-disposition'])).toContain("filename*=UTF-8''B%C3%A1o%20c%C3%A1o");
    // Content decides the type, not the name.
    const fake = multipart('virus.pdf', Buffer.from('MZ this is not a pdf'));
    refused(
      await t.request({
        method: 'POST',
        url: `/api/OfficialDocument/add-file/${doc.id}`,
        headers: { ...f.employerA.headers, ...fake.headers },
        payload: fake.payload,
      }),
      415,
    );
    // The receiving side cannot attach to it or remove its files.
    const other = multipart('x.pdf', PDF);
    refused(
      await t.request({
        method: 'POST',
        url: `/api/OfficialDocument/add-file/${doc.id}`,
        headers: { ...f.department.headers, ...other.headers },
        payload: other.payload,
      }),
      403,
    );
    expect((await call(f.employerA, 'GET', `/api/OfficialDocument/list-file/${doc.id}`)).json()).toHaveLength(1);
    expect((await call(f.employerA, 'POST', `/api/OfficialDocument/delete-file/${doc.id}`, [file.id])).json()).toEqual({
      deleted: 1,
    });
    expect((await call(f.employerA, 'GET', `/api/OfficialDocument/list-file/${doc.id}`)).json()).toEqual([]);
  });

  it('bad input is a 4xx with the error body, never a 500', async () => {
    refused(
      await call(f.employerA, 'POST', '/api/OfficialDocument/officialDocuments', {
        number: '',
        documentType: 'memo',
        issuedOn: '31/02/2026',
      }),
      400,
    );
    refused(await call(f.employerA, 'GET', '/api/OfficialDocument/officialDocuments/not-a-uuid'), 400);
    refused(
      await call(f.employerA, 'GET', '/api/OfficialDocument/officialDocuments', undefined, { box: 'sideways' }),
      400,
    );
    refused(await call(f.employerA, 'POST', '/api/OfficialDocument/delete-official-documents', []), 400);
    refused(await t.request({ url: '/api/OfficialDocument/officialDocuments' }), 401);
  });
});

const overtime = (over: Record<string, unknown> = {}) => ({
  year: 2026,
  fromDate: '2026-04-01',
  toDate: '2026-09-30',
  workerCount: 120,
  maxHoursPerWorker: 280,
  jobs: 'Chế biến, đóng gói cà phê vụ thu hoạch',
  reason: 'Đơn hàng xuất khẩu tăng theo mùa vụ',
  ...over,
});

describe('overtime notifications', () => {
  it('submitted → returned with a reason → corrected and resubmitted → accepted; nothing else', async () => {
    const bad = refused(
      await call(
        f.employerA,
        'POST',
        '/api/OvertimeNotification/overtimeNotifications',
        overtime({ fromDate: '2026-10-01', toDate: '2027-01-10' }),
      ),
      400,
    );
    expect(bad.details.map((d) => d.field)).toEqual(['toDate']);
    const reversed = refused(
      await call(
        f.employerA,
        'POST',
        '/api/OvertimeNotification/overtimeNotifications',
        overtime({ fromDate: '2026-09-01', toDate: '2026-04-01' }),
      ),
      400,
    );
    expect(reversed.details.map((d) => d.field)).toEqual(['toDate']);
    refused(
      await call(
        f.employerA,
        'POST',
        '/api/OvertimeNotification/overtimeNotifications',
        overtime({ maxHoursPerWorker: 301 }),
      ),
      400,
    );
    // The authority reviews; it does not submit.
    refused(await call(f.department, 'POST', '/api/OvertimeNotification/overtimeNotifications', overtime()), 403);

    const created = await call(f.employerA, 'POST', '/api/OvertimeNotification/overtimeNotifications', overtime());
    expect(created.statusCode, created.body).toBe(201);
    const n = created.json();
    expect(n).toMatchObject({ status: 'submitted', businessId: f.businessA.id, actions: [], editable: false });
    // Employer B and the other commune do not see it.
    refused(await call(f.employerB, 'GET', `/api/OvertimeNotification/overtimeNotifications/${n.id}`), 404);
    refused(await call(f.districtB, 'POST', `/api/OvertimeNotification/accept/${n.id}`), 404);
    // An employer cannot review its own notification, even holding the permission.
    refused(await call(f.employerA, 'POST', `/api/OvertimeNotification/accept/${n.id}`), 403);
    // Submitted content is locked until returned.
    refused(
      await call(
        f.employerA,
        'PUT',
        `/api/OvertimeNotification/overtimeNotifications/${n.id}`,
        overtime({ workerCount: 100 }),
      ),
      409,
    );
    refused(await call(f.employerA, 'POST', `/api/OvertimeNotification/resubmit/${n.id}`), 409);

    const seen = await call(f.department, 'GET', `/api/OvertimeNotification/overtimeNotifications/${n.id}`);
    expect(seen.json().actions.sort()).toEqual(['accept', 'return']);
    refused(await call(f.department, 'POST', `/api/OvertimeNotification/return/${n.id}`, { reason: '  ' }), 400);
    const returned = await call(f.districtA, 'POST', `/api/OvertimeNotification/return/${n.id}`, {
      reason: 'Thiếu danh sách người lao động làm thêm giờ',
    });
    expect(returned.statusCode, returned.body).toBe(200);
    expect(returned.json()).toMatchObject({
      status: 'returned',
      returnReason: 'Thiếu danh sách người lao động làm thêm giờ',
      actions: [],
    });
    expect(returned.json().reviewedAt).not.toBeNull();
    refused(await call(f.department, 'POST', `/api/OvertimeNotification/accept/${n.id}`), 409);

    const mine = await call(f.employerA, 'GET', `/api/OvertimeNotification/overtimeNotifications/${n.id}`);
    expect(mine.json()).toMatchObject({ status: 'returned', editable: true, actions: ['resubmit'] });
    const corrected = await call(
      f.employerA,
      'PUT',
      `/api/OvertimeNotification/overtimeNotifications/${n.id}`,
      overtime({ workerCount: 118 }),
    );
    expect(corrected.statusCode, corrected.body).toBe(200);
    expect(corrected.json()).toMatchObject({ workerCount: 118, status: 'returned' });
    const again = await call(f.employerA, 'POST', `/api/OvertimeNotification/resubmit/${n.id}`);
    expect(again.json()).toMatchObject({ status: 'submitted' });

    const accepted = await call(f.department, 'POST', `/api/OvertimeNotification/accept/${n.id}`);
    expect(accepted.json()).toMatchObject({ status: 'accepted', actions: [] });
    refused(await call(f.department, 'POST', `/api/OvertimeNotification/return/${n.id}`, { reason: 'Muộn' }), 409);
    refused(await call(f.employerA, 'POST', '/api/OvertimeNotification/delete-overtime-notifications', [n.id]), 409);

    const list = await call(f.department, 'GET', '/api/OvertimeNotification/overtimeNotifications', undefined, {
      status: 'accepted',
      keyWord: 'dong goi ca phe',
    });
    expect(list.json().pageLists.map((x: { id: string }) => x.id)).toContain(n.id);
    expect((await call(f.employerB, 'GET', '/api/OvertimeNotification/overtimeNotifications')).json().totalRecord).toBe(
      0,
    );
  });

  it('refuses a move with the published codes: one per side (403), the status and action in the 409', async () => {
    const n = (
      await call(
        f.employerA,
        'POST',
        '/api/OvertimeNotification/overtimeNotifications',
        overtime({ year: 2028, fromDate: '2028-02-01', toDate: '2028-05-31' }),
      )
    ).json();
    expect(refused(await call(f.employerA, 'POST', `/api/OvertimeNotification/accept/${n.id}`), 403).code).toBe(
      'AUTHORITY_ONLY',
    );
    expect(refused(await call(f.department, 'POST', `/api/OvertimeNotification/resubmit/${n.id}`), 403).code).toBe(
      'EMPLOYERS_ONLY',
    );
    const wrongState = refused(await call(f.employerA, 'POST', `/api/OvertimeNotification/resubmit/${n.id}`), 409);
    expect(wrongState).toMatchObject({
      code: 'INVALID_TRANSITION',
      details: [{ field: 'status', message: 'submitted', code: 'resubmit' }],
    });
    // A return without its reason is refused before any move, in the platform's words.
    const noReason = refused(await call(f.department, 'POST', `/api/OvertimeNotification/return/${n.id}`, {}), 400);
    expect(noReason.code).toBe('VALIDATION');
    expect(noReason.details.map((d) => d.field)).toEqual(['body.reason']);
    const stillSubmitted = await call(f.department, 'GET', `/api/OvertimeNotification/overtimeNotifications/${n.id}`);
    expect(stillSubmitted.json()).toMatchObject({ status: 'submitted', returnReason: null });
  });

  it('an employer withdraws a submitted notification', async () => {
    const n = (
      await call(
        f.employerA,
        'POST',
        '/api/OvertimeNotification/overtimeNotifications',
        overtime({ year: 2027, fromDate: '2027-01-01', toDate: '2027-06-30' }),
      )
    ).json();
    refused(await call(f.employerB, 'POST', '/api/OvertimeNotification/delete-overtime-notifications', [n.id]), 404);
    expect(
      (await call(f.employerA, 'POST', '/api/OvertimeNotification/delete-overtime-notifications', [n.id])).json(),
    ).toEqual({ deleted: 1 });
    refused(await call(f.employerA, 'GET', `/api/OvertimeNotification/overtimeNotifications/${n.id}`), 404);
  });
});

describe('violating organisations', () => {
  it('the authority records them; the employer concerned sees its own; the public sees the published ones', async () => {
    refused(
      await call(f.employerA, 'POST', '/api/ViolatingOrganization/violatingOrganizations', {
        businessId: f.businessB.id,
        violationContent: 'x',
      }),
      403,
    );
    const created = await call(f.department, 'POST', '/api/ViolatingOrganization/violatingOrganizations', {
      businessId: f.businessA.id,
      violationContent: 'Không huấn luyện an toàn, vệ sinh lao động cho người lao động',
      decisionNumber: '45/QĐ-XPHC',
      decisionDate: '2026-02-10',
      fineAmount: 25_000_000,
      issuedBy: 'Chánh Thanh tra Sở Nội vụ',
    });
    expect(created.statusCode, created.body).toBe(201);
    const v = created.json();
    // Taken from the employer record.
    expect(v).toMatchObject({
      organizationName: expect.stringContaining('Công ty A'),
      taxCode: f.businessA.code,
      wardCode: f.wards[0],
      isPublished: false,
      publishedAt: null,
    });

    const mine = await call(f.employerA, 'GET', '/api/ViolatingOrganization/violatingOrganizations');
    expect(mine.json().pageLists.map((x: { id: string }) => x.id)).toEqual([v.id]);
    expect(
      (await call(f.employerB, 'GET', '/api/ViolatingOrganization/violatingOrganizations')).json().totalRecord,
    ).toBe(0);
    refused(
      await call(f.employerA, 'PUT', `/api/ViolatingOrganization/violatingOrganizations/${v.id}`, {
        violationContent: 'Sửa',
      }),
      403,
    );

    const publicBefore = await t.request({
      url: '/api/ViolatingOrganization/public-list',
      query: { keyWord: 'cong ty a' },
    });
    expect(publicBefore.statusCode).toBe(200);
    expect(publicBefore.json().pageLists.map((x: { id: string }) => x.id)).not.toContain(v.id);
    const published = await call(f.department, 'PUT', `/api/ViolatingOrganization/violatingOrganizations/${v.id}`, {
      ...v,
      isPublished: true,
    });
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json().publishedAt).not.toBeNull();
    const publicAfter = await t.request({
      url: '/api/ViolatingOrganization/public-list',
      query: { keyWord: 'CONG TY A' },
    });
    const row = publicAfter.json().pageLists.find((x: { id: string }) => x.id === v.id);
    expect(row).toMatchObject({ decisionNumber: '45/QĐ-XPHC', fineAmount: 25_000_000 });
    // The public gets what the page shows, nothing internal.
    expect(Object.keys(row)).not.toContain('remedy');
    // The employer's id, only to link its public page (an active portal employer's; null otherwise).
    expect(row.businessId).toBe(f.businessA.id);

    // A commune keeps its own area's records only.
    refused(
      await call(f.districtB, 'POST', '/api/ViolatingOrganization/violatingOrganizations', {
        organizationName: 'Hộ kinh doanh Minh Phát',
        wardCode: f.wards[0],
        violationContent: 'Không khai báo tai nạn lao động',
      }),
      403,
    );
    const commune = await call(f.districtB, 'POST', '/api/ViolatingOrganization/violatingOrganizations', {
      organizationName: 'Hộ kinh doanh Minh Phát',
      wardCode: f.wards[1],
      violationContent: 'Không khai báo tai nạn lao động',
    });
    expect(commune.statusCode, commune.body).toBe(201);
    refused(
      await call(f.districtA, 'GET', `/api/ViolatingOrganization/violatingOrganizations/${commune.json().id}`),
      404,
    );
    refused(
      await call(f.department, 'POST', '/api/ViolatingOrganization/violatingOrganizations', {
        violationContent: 'Thiếu tên',
      }),
      400,
    );
    refused(
      await call(f.department, 'POST', '/api/ViolatingOrganization/violatingOrganizations', {
        organizationName: 'X',
        violationContent: 'Y',
        taxCode: '123',
        fineAmount: -1,
      }),
      400,
    );
  });
});

describe('sectors of an employer', () => {
  it('lists, adds with a main sector, removes; another employer sees nothing of it', async () => {
    const sectors = await t.database.db
      .selectFrom('bussiness_sector')
      .select(['id', 'code'])
      .where('deleted_at', 'is', null)
      .orderBy('code')
      .limit(3)
      .execute();
    expect(sectors.length).toBeGreaterThanOrEqual(2);
    const [s1, s2] = sectors;
    const add = await call(f.employerA, 'POST', '/api/Bussiness/add-sector', {
      bussinessId: f.businessA.id,
      sectorIds: [s1!.id, s2!.id],
      mainSectorId: s2!.id,
    });
    expect(add.statusCode, add.body).toBe(200);
    expect(add.json().map((s: { id: string; isMain: boolean }) => [s.id, s.isMain])).toEqual([
      [s2!.id, true],
      [s1!.id, false],
    ]);
    const notYet = await call(f.employerA, 'GET', '/api/Bussiness/list-sector-not-register', undefined, {
      bussinessId: f.businessA.id,
      take: '500',
    });
    expect(notYet.json().map((s: { id: string }) => s.id)).not.toContain(s1!.id);
    refused(
      await call(f.employerB, 'GET', '/api/Bussiness/list-sector-in-bussiness', undefined, {
        bussinessId: f.businessA.id,
      }),
      404,
    );
    refused(
      await call(f.employerB, 'POST', '/api/Bussiness/add-sector', {
        bussinessId: f.businessA.id,
        sectorIds: [s1!.id],
      }),
      404,
    );
    refused(
      await call(f.employerA, 'POST', '/api/Bussiness/add-sector', {
        bussinessId: f.businessA.id,
        sectorIds: ['00000000-0000-4000-8000-000000000000'],
      }),
      400,
    );
    const removed = await call(f.department, 'POST', '/api/Bussiness/delete-sector', {
      bussinessId: f.businessA.id,
      ids: [s2!.id],
    });
    expect(removed.json().map((s: { id: string }) => s.id)).toEqual([s1!.id]);
    refused(
      await call(f.department, 'POST', '/api/Bussiness/delete-sector', { bussinessId: f.businessA.id, ids: [s2!.id] }),
      404,
    );
  });

  it('a sector employers work in cannot be deleted', async () => {
    const sector = await t.database.db
      .selectFrom('business_sector_link')
      .select('sector_id')
      .where('business_id', '=', f.businessA.id)
      .executeTakeFirstOrThrow();
    const admin = await sessionWith(t, { role: 'admin' });
    const res = await t.request({
      method: 'POST',
      url: '/api/BussinessSector/delete',
      headers: admin.headers,
      payload: [sector.sector_id],
    });
    expect(refused(res, 409).code).toBe('SECTOR_IN_USE');
  });
});
