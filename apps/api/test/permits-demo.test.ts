import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../src/modules/accounts/seed.ts';
import { DEMO_PERMITS } from '../src/modules/permits/seed.ts';
import { seedDemo, createTestApp, type TestApp } from './support/app.ts';
import { signIn } from './support/accounts.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({}, {}, { demo: true });
  // A second start changes nothing.
  await seedDemo(t);
});
afterAll(async () => t?.close());

describe('demo permits', () => {
  it('gives each demo employer its foreign workers and requests in every state, once', async () => {
    expect(await t.database.db.selectFrom('work_permit').select('id').execute()).toHaveLength(DEMO_PERMITS.length);
    const employer = await signIn(t, { userName: 'dn.caudatxanh', password: DEMO_PASSWORD });
    const mine = await t.request({ url: '/api/WorkerLicense/workerLicenses?pageSize=50', headers: employer.headers });
    const statuses = mine
      .json()
      .pageLists.map((p: { status: string }) => p.status)
      .sort();
    expect(statuses).toEqual(['approved', 'draft', 'expired', 'returned', 'submitted']);
    const granted = mine.json().pageLists.find((p: { status: string }) => p.status === 'approved');
    expect(granted.number).toMatch(/^LĐ-68-\d{4}-\d{6}$/);

    const files = await t.request({
      url: `/api/WorkerLicense/list-file-requires?licenseId=${granted.id}`,
      headers: employer.headers,
    });
    expect(files.json().filter((s: { required: boolean; file: unknown }) => s.required && !s.file)).toEqual([]);
    const pdf = files.json().find((s: { code: string }) => s.code === 'applicationForm').file.id;
    const download = await t.request({
      url: `/api/WorkerLicense/download-file-require/${pdf}`,
      headers: employer.headers,
    });
    expect(download.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    // The other employer sees only its own; the department officer has two waiting for review.
    const other = await signIn(t, { userName: 'dn.rauhoa', password: DEMO_PASSWORD });
    const theirs = (
      await t.request({ url: '/api/WorkerLicense/workerLicenses?pageSize=50', headers: other.headers })
    ).json();
    expect(theirs.pageLists.map((p: { status: string }) => p.status).sort()).toEqual([
      'approved',
      'approved',
      'rejected',
      'submitted',
    ]);
    const officer = await signIn(t, { userName: 'canbo.so', password: DEMO_PASSWORD });
    const queue = (
      await t.request({ url: '/api/WorkerLicense/workerLicenses?status=submitted', headers: officer.headers })
    ).json();
    expect(queue.totalRecord).toBe(2);
    const expiring = (
      await t.request({ url: '/api/WorkerLicense/workerLicenses?expiringWithinDays=45', headers: officer.headers })
    ).json();
    expect(expiring.pageLists.map((p: { workerName: string }) => p.workerName)).toEqual(['Jan de Vries']);
  });

  it('the default user types: employers file, the department officer reviews, nobody else does', async () => {
    const employer = await signIn(t, { userName: 'dn.caudatxanh', password: DEMO_PASSWORD });
    const rules = employer.userData.ability.map((r) => `${r.subject}.${r.action}`);
    expect(rules).toEqual(
      expect.arrayContaining(['WorkerLicense.read', 'WorkerLicense.create', 'WorkerLicense.update']),
    );
    expect(rules).not.toContain('WorkerLicense.review');
    const officer = await signIn(t, { userName: 'canbo.so', password: DEMO_PASSWORD });
    expect(officer.userData.ability.map((r) => `${r.subject}.${r.action}`)).toContain('WorkerLicense.review');
    for (const userName of ['canbo.xuanhuong', 'ttdvvl', 'thanhtra']) {
      const session = await signIn(t, { userName, password: DEMO_PASSWORD });
      expect(
        session.userData.ability.map((r) => `${r.subject}.${r.action}`),
        userName,
      ).not.toContain('WorkerLicense.review');
    }
  });
});
