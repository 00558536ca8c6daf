import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isGrantable } from '@portal/domain/permissions';
import type { RoutePermission } from '../src/platform/access/index.ts';
import { createTestApp, type TestApp } from './support/app.ts';
import { sessionWith, type Session } from './support/accounts.ts';

/**
 * Every registered /api route, enumerated from the route table the access layer keeps: anonymous callers are
 * refused unless the route is public (Auth.read); a signed-in user without any feature is refused unless the
 * route only needs a signed-in user; every feature a route names exists in the permission catalogue, so some
 * user type can be granted it.
 */

let t: TestApp;
let routes: RoutePermission[];
let nobody: Session;
beforeAll(async () => {
  t = await createTestApp();
  routes = t.app.routePermissions.filter((r) => r.method !== 'HEAD');
  nobody = await sessionWith(t, { permissions: [] });
});
afterAll(async () => t.close());

const ANY_ID = '3f2b8c1e-9a4d-4e6f-8b7a-1c2d3e4f5a6b';
const urlOf = (route: RoutePermission) =>
  route.url.replace(/:(\w+)/g, (_, name: string) => (/id$/i.test(name) ? ANY_ID : 'x')).replace(/\*/g, 'x');

async function call(route: RoutePermission, headers: Record<string, string> = {}) {
  const withBody = !['GET', 'DELETE', 'OPTIONS'].includes(route.method);
  return t.request({
    method: route.method as 'GET',
    url: urlOf(route),
    headers,
    ...(withBody ? { payload: {} } : {}),
  });
}

const label = (r: RoutePermission) => `${r.method} ${r.url} (${r.permission})`;

describe('route permission sweep', () => {
  it('finds the routes of every module', () => {
    const urls = routes.map((r) => r.url);
    expect(routes.length).toBeGreaterThan(50);
    for (const expected of [
      '/api/Account/login',
      '/api/OfficalProfile/users',
      '/api/UserTypev2/get-paging',
      '/api/health',
    ]) {
      expect(urls).toContain(expected);
    }
  });

  it('every feature a route needs is in the permission catalogue', () => {
    const unknown = routes.filter(
      (r) => r.permission !== 'Auth.read' && r.permission !== 'authenticated' && !isGrantable(r.permission),
    );
    expect(unknown.map(label)).toEqual([]);
  });

  it('anonymous callers get 401 on every route that is not public', async () => {
    const wrong: string[] = [];
    for (const route of routes.filter((r) => r.permission !== 'Auth.read')) {
      const res = await call(route);
      if (res.statusCode !== 401 || res.json().error?.code !== 'UNAUTHENTICATED')
        wrong.push(`${label(route)} → ${res.statusCode}`);
    }
    expect(wrong).toEqual([]);
  });

  it('a signed-in user without features gets 403 on every route that needs a feature', async () => {
    const wrong: string[] = [];
    for (const route of routes.filter((r) => r.permission !== 'Auth.read' && r.permission !== 'authenticated')) {
      const res = await call(route, nobody.headers);
      if (res.statusCode !== 403 || res.json().error?.code !== 'FORBIDDEN')
        wrong.push(`${label(route)} → ${res.statusCode}`);
    }
    expect(wrong).toEqual([]);
  });

  it('routes that only need a signed-in user let a user without features through the access check', async () => {
    const wrong: string[] = [];
    for (const route of routes.filter((r) => r.permission === 'authenticated')) {
      const res = await call(route, nobody.headers);
      if (res.statusCode === 401) wrong.push(`${label(route)} → ${res.statusCode}`);
    }
    expect(wrong).toEqual([]);
  });

  it('holding exactly the named feature passes the access check (identity and access routes)', async () => {
    const own = /^\/api\/(Account|OfficalProfile|Unit|UserTypev2|UserType|AccessHistory|MailOutbox)\//;
    const wrong: string[] = [];
    const sessions = new Map<string, Session>();
    for (const route of routes.filter(
      (r) => own.test(r.url) && r.permission.includes('.') && r.permission !== 'Auth.read',
    )) {
      let s = sessions.get(route.permission);
      if (!s) {
        s = await sessionWith(t, { permissions: [route.permission] });
        sessions.set(route.permission, s);
      }
      const res = await call(route, s.headers);
      if (res.statusCode === 401 || (res.statusCode === 403 && res.json().error?.code === 'FORBIDDEN'))
        wrong.push(`${label(route)} → ${res.statusCode}`);
      expect(res.statusCode, label(route)).toBeLessThan(500);
    }
    expect(wrong).toEqual([]);
  });
});
