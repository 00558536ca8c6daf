import { randomBytes, randomInt } from 'node:crypto';
import { sql } from 'kysely';
import type { LightMyRequestResponse } from 'fastify';
import { hashPassword } from '../../src/platform/auth/passwords.ts';
import type { UnitKind } from '../../src/platform/access/index.ts';
import type { TestApp } from './app.ts';

/**
 * Accounts for API tests: users with exactly the permissions a test needs, in the unit (and so the data
 * scope) it needs, and signing in through the real login call.
 */

/** Meets the password policy, so tests may also set it through the API. */
export const TEST_PASSWORD = 'Thu-nghiem#2026';

/** A fresh client address for each sign-in, so per-address limits never interfere with unrelated tests. */
export function randomAddress(): string {
  return `10.${randomInt(1, 255)}.${randomInt(0, 255)}.${randomInt(1, 255)}`;
}

export function bearer(accessToken: string): { authorization: string } {
  return { authorization: `Bearer ${accessToken}` };
}

export interface TestBusiness {
  id: string;
  code: string;
  wardCode: string;
}

/** An employer in a ward (admin_unit id, e.g. '2025:24781'), with its unit. */
export async function createBusiness(
  t: TestApp,
  wardCode: string,
  name = 'Công ty thử nghiệm',
): Promise<TestBusiness & { unitId: string }> {
  const code = `58${String(randomInt(0, 1e8)).padStart(8, '0')}`;
  const business = await t.database.db
    .insertInto('business')
    .values({ code, name: `${name} ${code}`, ward_code: wardCode, status: 'active' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const unit = await t.database.db
    .insertInto('unit')
    .values({ kind: 'employer', code, name: `${name} ${code}`, business_id: business.id, local_unit_code: wardCode })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: business.id, code, wardCode, unitId: unit.id };
}

/** A district-level unit for a local unit (ward/commune since 2025, district before). */
export async function createDistrictUnit(t: TestApp, localUnitCode: string): Promise<string> {
  const unit = await t.database.db
    .insertInto('unit')
    .values({
      kind: 'district',
      name: `UBND ${localUnitCode} ${randomBytes(3).toString('hex')}`,
      local_unit_code: localUnitCode,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return unit.id;
}

export async function departmentUnitId(t: TestApp): Promise<string> {
  const row = await t.database.db
    .selectFrom('unit')
    .select('id')
    .where('kind', '=', 'department')
    .orderBy('created_at')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function createUnit(t: TestApp, kind: Exclude<UnitKind, 'employer' | 'district'>): Promise<string> {
  const unit = await t.database.db
    .insertInto('unit')
    .values({ kind, name: `Đơn vị ${kind} ${randomBytes(3).toString('hex')}` })
    .returning('id')
    .executeTakeFirstOrThrow();
  return unit.id;
}

export interface TestUser {
  id: string;
  userName: string;
  password: string;
  userTypeId: string;
}

/**
 * A user of a new user type holding exactly `permissions` (role 'admin' → everything), in `unitId`
 * (default: the department). Active unless told otherwise.
 */
export async function createUser(
  t: TestApp,
  options: {
    permissions?: string[];
    role?: 'admin' | 'client';
    unitId?: string;
    userName?: string;
    email?: string | null;
    password?: string;
    status?: 'inactive' | 'active' | 'disabled' | 'locked';
    userTypeId?: string;
  } = {},
): Promise<TestUser> {
  const db = t.database.db;
  const suffix = randomBytes(4).toString('hex');
  const userTypeId =
    options.userTypeId ??
    (
      await db
        .insertInto('user_type')
        .values({
          code: `TEST_${suffix}`,
          name: `Kiểu thử nghiệm ${suffix}`,
          role: options.role ?? 'client',
          permissions: JSON.stringify(options.permissions ?? []),
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const userName = options.userName ?? `user_${suffix}`;
  const password = options.password ?? TEST_PASSWORD;
  const user = await db
    .insertInto('app_user')
    .values({
      user_name: userName,
      full_name: `Người dùng ${suffix}`,
      email: options.email === undefined ? `${userName}@test.example` : options.email,
      unit_id: options.unitId ?? (await departmentUnitId(t)),
      user_type_id: userTypeId,
      status: options.status ?? 'active',
      password_hash: await hashPassword(password),
      password_changed_at: new Date(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: user.id, userName, password, userTypeId };
}

/** The seeded administrator `admin` with a known password. */
export async function adminUser(t: TestApp, password = TEST_PASSWORD): Promise<TestUser> {
  const row = await t.database.db
    .updateTable('app_user')
    .set({ password_hash: await hashPassword(password), must_change_password: false })
    .where(sql`lower(user_name)`, '=', 'admin')
    .returning(['id', 'user_type_id'])
    .executeTakeFirstOrThrow();
  return { id: row.id, userName: 'admin', password, userTypeId: row.user_type_id };
}

export interface Session {
  accessToken: string;
  refreshToken: string;
  userData: { userId: string; role: string; ability: Array<{ action: string; subject: string }> } & Record<
    string,
    unknown
  >;
  headers: { authorization: string };
}

export async function login(
  t: TestApp,
  userName: string,
  password: string,
  remoteAddress = randomAddress(),
): Promise<LightMyRequestResponse> {
  return t.request({ method: 'POST', url: '/api/Account/login', payload: { userName, password }, remoteAddress });
}

/** Sign in through the API; fails the test when sign-in does not succeed. */
export async function signIn(t: TestApp, user: { userName: string; password: string }): Promise<Session> {
  const res = await login(t, user.userName, user.password);
  if (res.statusCode !== 200) throw new Error(`sign-in of ${user.userName} failed: ${res.statusCode} ${res.body}`);
  const body = res.json() as Omit<Session, 'headers'>;
  if (!body.accessToken) throw new Error(`sign-in of ${user.userName} needs a second factor`);
  return { ...body, headers: bearer(body.accessToken) };
}

/** Create a user and sign in as them. */
export async function sessionWith(
  t: TestApp,
  options: Parameters<typeof createUser>[1] = {},
): Promise<Session & { user: TestUser }> {
  const user = await createUser(t, options);
  return { ...(await signIn(t, user)), user };
}

/**
 * Two employers in two communes and one district user per commune, plus a department user: the fixture of
 * every isolation test. Each user's type holds `permissions`.
 */
export async function scopeFixture(t: TestApp, permissions: string[]) {
  const wards = ['2025:24781', '2025:24778'] as const;
  const businessA = await createBusiness(t, wards[0], 'Công ty A');
  const businessB = await createBusiness(t, wards[1], 'Công ty B');
  const districtA = await createDistrictUnit(t, wards[0]);
  const districtB = await createDistrictUnit(t, wards[1]);
  const [employerA, employerB, districtUserA, districtUserB, department] = await Promise.all([
    sessionWith(t, { permissions, unitId: businessA.unitId }),
    sessionWith(t, { permissions, unitId: businessB.unitId }),
    sessionWith(t, { permissions, unitId: districtA }),
    sessionWith(t, { permissions, unitId: districtB }),
    sessionWith(t, { permissions }),
  ]);
  return {
    wards,
    businessA,
    businessB,
    districtUnitA: districtA,
    districtUnitB: districtB,
    employerA,
    employerB,
    districtA: districtUserA,
    districtB: districtUserB,
    department,
  };
}
