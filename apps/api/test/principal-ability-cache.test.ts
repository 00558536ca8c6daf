import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadPrincipal } from '../src/platform/auth/principal.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { createUser, signIn } from './support/accounts.ts';

/** The principal's ability is shared between requests of one user type, and follows a change of its permissions. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('abilities of signed-in users', () => {
  it('are built once per user type and permission list, not on every request', async () => {
    const first = await createUser(t, { permissions: ['Worker.read'] });
    const second = await createUser(t, { userTypeId: first.userTypeId });
    const a = await loadPrincipal(t.database.db, first.id);
    const b = await loadPrincipal(t.database.db, first.id);
    const c = await loadPrincipal(t.database.db, second.id);
    expect(a?.ability.can('read', 'Worker')).toBe(true);
    expect(b?.ability).toBe(a?.ability);
    expect(c?.ability).toBe(a?.ability);
  });

  it('follow a change of the user type at once', async () => {
    const user = await createUser(t, { permissions: ['Worker.read'] });
    const session = await signIn(t, user);
    const before = await loadPrincipal(t.database.db, user.id);
    expect(before?.ability.can('read', 'Bussiness')).toBe(false);
    expect((await t.request({ url: '/api/Bussiness/bussinesses', headers: session.headers })).statusCode).toBe(403);

    await t.database.db
      .updateTable('user_type')
      .set({ permissions: JSON.stringify(['Worker.read', 'Bussiness.read']) })
      .where('id', '=', user.userTypeId)
      .execute();
    const after = await loadPrincipal(t.database.db, user.id);
    expect(after?.ability.can('read', 'Bussiness')).toBe(true);
    expect((await t.request({ url: '/api/Bussiness/bussinesses', headers: session.headers })).statusCode).toBe(200);
  });
});
