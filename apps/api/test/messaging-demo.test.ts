import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../src/modules/accounts/seed.ts';
import { DEMO_MAILS } from '../src/modules/messaging/seed.ts';
import { seedDemo, createTestApp, type TestApp } from './support/app.ts';
import { signIn } from './support/accounts.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({}, {}, { demo: true });
  // A second start changes nothing.
  await seedDemo(t);
});
afterAll(async () => t?.close());

describe('demo mail', () => {
  it('is written once, each message to people its writer may reach', async () => {
    expect(await t.database.db.selectFrom('message').select('id').execute()).toHaveLength(DEMO_MAILS.length);
    for (const mail of DEMO_MAILS) {
      const writer = await signIn(t, { userName: mail.from, password: DEMO_PASSWORD });
      const reachable = await t.request({
        url: '/api/Message/accounts?pageSize=100',
        headers: writer.headers,
      });
      const names = reachable.json().pageLists.map((p: { userName: string }) => p.userName);
      expect(names).toEqual(expect.arrayContaining(mail.to));
    }
  });

  it('gives the department officer read and unread mail, with a labelled one', async () => {
    const officer = await signIn(t, { userName: 'canbo.so', password: DEMO_PASSWORD });
    const count = await t.request({ url: '/api/Message/getCountNewInbox', headers: officer.headers });
    expect(count.json().count).toBe(2);
    const inbox = await t.request({ url: '/api/Message/getInbox?pageSize=10', headers: officer.headers });
    expect(inbox.json().totalRecord).toBe(3);
    const labelled = await t.request({ url: '/api/Message/getByLabel?label=private', headers: officer.headers });
    expect(labelled.json().pageLists.map((m: { subject: string }) => m.subject)).toEqual([
      'Kết quả kiểm tra đột xuất quý IV',
    ]);
    const employer = await signIn(t, { userName: 'dn.caudatxanh', password: DEMO_PASSWORD });
    const important = await t.request({ url: '/api/Message/getByLabel?label=important', headers: employer.headers });
    expect(important.json().totalRecord).toBe(1);
  });
});
