import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from './support/accounts.ts';
import { createCatalogTestApp, token, type CatalogTestApp } from './catalog.fixtures.ts';

/** User groups' members: register, list the groups a user is (not) in, unregister; bad input is a 4xx. */

let t: CatalogTestApp;
beforeAll(async () => {
  t = await createCatalogTestApp();
});
afterAll(async () => t?.close());

describe('GroupUser members', () => {
  it('lists the groups a user is not in yet, adds and removes memberships', async () => {
    const tag = token();
    const as = t.as('department');
    const made: string[] = [];
    for (const n of [1, 2, 3]) {
      const res = await t.request({
        method: 'POST',
        url: '/api/GroupUser/groupUsers',
        headers: as,
        payload: { code: `${tag}-${n}`, name: `Nhóm ${tag} số ${n}` },
      });
      expect(res.statusCode, res.body).toBe(201);
      made.push(res.json().id);
    }
    const user = await createUser(t);
    const notIn = async () =>
      (
        await t.request({
          url: '/api/GroupUser/list-group-user-not-register',
          query: { userId: user.id, keyWord: tag },
          headers: as,
        })
      ).json() as {
        pageLists: { id: string }[];
        totalRecord: number;
      };
    expect((await notIn()).totalRecord).toBe(3);

    const added = await t.request({
      method: 'POST',
      url: '/api/GroupUser/register-group-user',
      headers: as,
      payload: { userId: user.id, groupIds: [made[0], made[1], made[1]] },
    });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json()).toEqual({ changed: 2 });
    // Registering again changes nothing.
    expect(
      (
        await t.request({
          method: 'POST',
          url: '/api/GroupUser/register-group-user',
          headers: as,
          payload: { userId: user.id, groupIds: [made[0]] },
        })
      ).json(),
    ).toEqual({ changed: 0 });
    expect((await notIn()).pageLists.map((g) => g.id)).toEqual([made[2]]);
    const inGroups = await t.request({
      url: '/api/GroupUser/list-group-user-register',
      query: { userId: user.id, keyWord: tag },
      headers: as,
    });
    expect(inGroups.json().totalRecord).toBe(2);

    const removed = await t.request({
      method: 'POST',
      url: '/api/GroupUser/unregister-group-user',
      headers: as,
      payload: { userId: user.id, groupIds: [made[0]] },
    });
    expect(removed.json()).toEqual({ changed: 1 });
    expect((await notIn()).totalRecord).toBe(2);

    // A deleted group is not offered and cannot be joined.
    await t.request({ method: 'POST', url: '/api/GroupUser/delete-groupUsers', headers: as, payload: [made[2]] });
    expect((await notIn()).pageLists.map((g) => g.id)).toEqual([made[0]]);
    const gone = await t.request({
      method: 'POST',
      url: '/api/GroupUser/register-group-user',
      headers: as,
      payload: { userId: user.id, groupIds: [made[2]] },
    });
    expect(gone.statusCode).toBe(404);
  });

  it('answers bad input with a 4xx and the error body', async () => {
    const as = t.as('department');
    const unknownUser = await t.request({
      url: '/api/GroupUser/list-group-user-not-register',
      query: { userId: '00000000-0000-4000-8000-000000000000' },
      headers: as,
    });
    expect(unknownUser.statusCode).toBe(404);
    expect(unknownUser.json().error.code).toBe('NOT_FOUND');
    expect(
      (await t.request({ url: '/api/GroupUser/list-group-user-not-register', query: { userId: 'x' }, headers: as }))
        .statusCode,
    ).toBe(400);
    expect(
      (
        await t.request({
          method: 'POST',
          url: '/api/GroupUser/register-group-user',
          headers: as,
          payload: { userId: 'x', groupIds: [] },
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await t.request({
          method: 'POST',
          url: '/api/GroupUser/register-group-user',
          headers: t.as('reader'),
          payload: {
            userId: '00000000-0000-4000-8000-000000000000',
            groupIds: ['00000000-0000-4000-8000-000000000000'],
          },
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await t.request({
          url: '/api/GroupUser/list-group-user-not-register',
          query: { userId: '00000000-0000-4000-8000-000000000000' },
        })
      ).statusCode,
    ).toBe(401);
  });
});
