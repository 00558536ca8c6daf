import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leadingZeroBits } from '@portal/domain/suggestions/index';
import { permissionGroups } from '@portal/domain/permissions';
import { makeChallenge } from '../src/modules/suggestions/challenge.ts';
import { DEFAULT_USER_TYPE_CODES, DEFAULT_USER_TYPES, grantedByDefault } from '../src/modules/accounts/seed.ts';
import { randomAddress, scopeFixture, sessionWith, type Session } from './support/accounts.ts';
import { createTestApp, demoSeedContext, type TestApp } from './support/app.ts';
import { DEMO_SUGGESTIONS, suggestionsDemoStep } from '../src/modules/suggestions/seed.ts';

/**
 * The suggestion box: anyone sends with a solved, signed, single-use challenge (refused without one, reused,
 * unsolved or expired), a robot filling the honeypot is told it succeeded but nothing is stored, an address that
 * floods is answered 429; the sender follows by code without ever seeing a contact; the department assigns,
 * answers and publishes, and the public list shows only what is published. Other units never read the box.
 */
const PERMISSIONS = ['Suggestion.read', 'Suggestion.update', 'Suggestion.answer', 'Suggestion.delete'];

let t: TestApp;
let f: Awaited<ReturnType<typeof scopeFixture>>;
let officer: Session & { user: { id: string } };
beforeAll(async () => {
  t = await createTestApp();
  f = await scopeFixture(t, PERMISSIONS);
  officer = await sessionWith(t, { permissions: ['Suggestion.read', 'Suggestion.answer'] });
}, 120_000);
afterAll(async () => {
  await t?.close();
});

function solve(token: string, difficulty: number): string {
  for (let i = 0; ; i++) {
    const nonce = String(i);
    if (
      leadingZeroBits(
        createHash('sha256')
          .update(token + nonce)
          .digest(),
        difficulty,
      )
    )
      return nonce;
  }
}

async function challenge(remoteAddress = randomAddress()) {
  const res = await t.request({ method: 'GET', url: '/api/Suggestion/challenge', remoteAddress });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { token: string; difficulty: number; expiresAt: string };
}

const letter = {
  name: 'Nguyễn Thị Hoa',
  contact: 'hoa.nguyen@example.vn',
  topic: 'safety',
  title: 'Khám sức khỏe định kỳ cho lao động nặng nhọc',
  content: 'Công ty tôi có phải khám sức khỏe 6 tháng một lần cho công nhân hàn không?',
};

function post(body: Record<string, unknown>, remoteAddress = randomAddress()) {
  return t.request({ method: 'POST', url: '/api/Suggestion/send', payload: body, remoteAddress });
}

async function send(extra: Record<string, unknown> = {}) {
  const address = randomAddress();
  const c = await challenge(address);
  const res = await post({ ...letter, ...extra, token: c.token, nonce: solve(c.token, c.difficulty) }, address);
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { code: string }).code;
}

const rows = () => t.database.db.selectFrom('suggestion').selectAll().execute();

describe('sending', () => {
  it('a solved challenge sends the suggestion and answers a follow-up code; the department is told', async () => {
    const code = await send();
    expect(code).toMatch(/^[34679ACDEFGHJKMNPQRTUVWXY]{8}$/);
    const row = (await rows()).find((r) => r.code === code)!;
    expect(row).toMatchObject({ status: 'new', sender_name: letter.name, sender_contact: letter.contact });
    const told = await t.database.db
      .selectFrom('notification')
      .select(['user_id', 'link'])
      .where('kind', '=', 'suggestionReceived')
      .execute();
    expect(told.map((n) => n.user_id)).toContain(f.department.user.id);
    // Not the employers, who may not read the box.
    expect(told.map((n) => n.user_id)).not.toContain(f.employerA.user.id);
    expect(told[0]!.link).toContain(row.id);
  });

  it('is refused without a challenge, with a reused token, a wrong nonce or an expired token', async () => {
    const before = (await rows()).length;
    const none = await post({ ...letter });
    expect(none.statusCode).toBe(400);
    expect(none.json().error.code).toBe('VALIDATION');
    const forged = await post({ ...letter, token: 'a.b.c.d', nonce: '1' });
    expect(forged.json().error.code).toBe('CHALLENGE_INVALID');

    const c = await challenge();
    const nonce = solve(c.token, c.difficulty);
    let wrong = 0;
    while (
      leadingZeroBits(
        createHash('sha256')
          .update(c.token + String(wrong))
          .digest(),
        c.difficulty,
      )
    )
      wrong++;
    const unsolved = await post({ ...letter, token: c.token, nonce: String(wrong) });
    expect(unsolved.statusCode).toBe(400);
    expect(unsolved.json().error.code).toBe('PROOF_INVALID');
    expect((await post({ ...letter, token: c.token, nonce })).statusCode).toBe(201);
    const reused = await post({ ...letter, token: c.token, nonce });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().error).toMatchObject({ code: 'CHALLENGE_USED' });
    expect(reused.json().error.message).toMatch(/đã được dùng/);

    const old = makeChallenge(t.config.jwtSecret, new Date(Date.now() - 11 * 60 * 1000));
    const expired = await post({ ...letter, token: old.token, nonce: solve(old.token, old.difficulty) });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().error.code).toBe('CHALLENGE_EXPIRED');
    // Signed with another secret: refused.
    const other = makeChallenge('another-secret-of-at-least-32-characters', new Date());
    const foreign = await post({ ...letter, token: other.token, nonce: solve(other.token, other.difficulty) });
    expect(foreign.json().error.code).toBe('CHALLENGE_INVALID');
    expect((await rows()).length).toBe(before + 1);
  });

  it('a filled honeypot gets an accepted-looking answer and nothing is stored', async () => {
    const before = (await rows()).length;
    const res = await post({ ...letter, website: 'http://spam.example', token: 'x', nonce: 'y' });
    expect(res.statusCode).toBe(201);
    expect((res.json() as { code: string }).code).toMatch(/^[34679ACDEFGHJKMNPQRTUVWXY]{8}$/);
    expect((await rows()).length).toBe(before);
  });

  it('an address that floods the box is answered 429 with the error body', async () => {
    const address = randomAddress();
    const statuses: number[] = [];
    let last: { error?: { code: string } } = {};
    for (let i = 0; i < 7; i++) {
      const res = await post({ ...letter, token: 'x.y.z.w', nonce: '1' }, address);
      statuses.push(res.statusCode);
      last = res.json();
    }
    expect(statuses.slice(0, 5).every((s) => s === 400)).toBe(true);
    expect(statuses.slice(5)).toEqual([429, 429]);
    expect(last.error?.code).toBe('TOO_MANY_REQUESTS');
    // Another address is not held back.
    expect((await post({ ...letter, token: 'x.y.z.w', nonce: '1' })).statusCode).toBe(400);
  });
});

describe('following and answering', () => {
  it('the department assigns, answers and publishes; the follow-up shows no contact; the public sees only published', async () => {
    const code = await send({ title: 'Hỏi về thời hạn kiểm định xe nâng' });
    const hidden = await send({ title: 'Câu hỏi chưa trả lời' });
    const id = (await rows()).find((r) => r.code === code)!.id;

    const followed = await t.request({ method: 'GET', url: `/api/Suggestion/follow/${code.toLowerCase()}` });
    expect(followed.statusCode, followed.body).toBe(200);
    expect(followed.json()).toMatchObject({ code, status: 'new', answer: null });
    expect(followed.body).not.toContain(letter.contact);
    expect(followed.body).not.toContain(letter.name);
    expect((await t.request({ method: 'GET', url: '/api/Suggestion/follow/ZZZZZZZZ' })).statusCode).toBe(404);

    const h = f.department.headers;
    const list = await t.request({
      method: 'GET',
      url: '/api/Suggestion/suggestions',
      headers: h,
      query: { status: 'new', keyword: 'kiem dinh xe nang' },
    });
    expect(list.statusCode, list.body).toBe(200);
    const listed = list.json() as { pageLists: Array<{ id: string; version: number }>; counts: Record<string, number> };
    expect(listed.pageLists.map((p) => p.id)).toEqual([id]);
    expect(listed.counts.new).toBeGreaterThanOrEqual(1);

    const officers = await t.request({ method: 'GET', url: '/api/Suggestion/officers', headers: h });
    expect(officers.json().map((o: { id: string }) => o.id)).toContain(officer.user.id);
    const employerAsOfficer = await t.request({
      method: 'PUT',
      url: '/api/Suggestion/assign',
      headers: h,
      payload: { id, version: 1, userId: f.employerA.user.id },
    });
    expect(employerAsOfficer.statusCode).toBe(400);
    const assigned = await t.request({
      method: 'PUT',
      url: '/api/Suggestion/assign',
      headers: h,
      payload: { id, version: 1, userId: officer.user.id },
    });
    expect(assigned.statusCode, assigned.body).toBe(200);
    expect(assigned.json()).toMatchObject({ status: 'assigned', assignedToId: officer.user.id, version: 2 });
    const told = await t.database.db
      .selectFrom('notification')
      .select('user_id')
      .where('kind', '=', 'suggestionAssigned')
      .execute();
    expect(told.map((n) => n.user_id)).toEqual([officer.user.id]);

    // A stale version is refused.
    const stale = await t.request({
      method: 'PUT',
      url: '/api/Suggestion/answer',
      headers: officer.headers,
      payload: { id, version: 1, answer: 'x' },
    });
    expect(stale.statusCode).toBe(409);
    // Publishing before an answer is refused.
    const early = await t.request({
      method: 'PUT',
      url: '/api/Suggestion/publish',
      headers: officer.headers,
      payload: { id, version: 2, publish: true },
    });
    expect(early.statusCode).toBe(409);
    // The officer may answer but not assign.
    expect(
      (
        await t.request({
          method: 'PUT',
          url: '/api/Suggestion/close',
          headers: officer.headers,
          payload: { id, version: 2 },
        })
      ).statusCode,
    ).toBe(403);
    const answer = 'Theo Nghị định 44/2016/NĐ-CP, xe nâng hàng được kiểm định định kỳ 2 năm một lần.';
    const answered = await t.request({
      method: 'PUT',
      url: '/api/Suggestion/answer',
      headers: officer.headers,
      payload: { id, version: 2, answer },
    });
    expect(answered.statusCode, answered.body).toBe(200);
    expect(answered.json()).toMatchObject({ status: 'answered', answer, version: 3 });
    // Answered but not published: the asker, with the code, already reads the answer.
    const unpublished = await t.request({ method: 'GET', url: `/api/Suggestion/follow/${code}` });
    expect(unpublished.json()).toMatchObject({ status: 'answered', answer });
    expect(unpublished.json().answeredAt).toBeTruthy();
    expect(unpublished.body).not.toContain(letter.contact);
    // The public list still does not show it.
    const notYet = await t.request({ method: 'GET', url: '/api/Suggestion/published', query: { keyword: 'xe nang' } });
    expect(notYet.body).not.toContain(answer);

    const published = await t.request({
      method: 'PUT',
      url: '/api/Suggestion/publish',
      headers: officer.headers,
      payload: {
        id,
        version: 3,
        publish: true,
        publishedContent: 'Xe nâng hàng phải kiểm định định kỳ bao lâu một lần?',
      },
    });
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json()).toMatchObject({ status: 'published' });

    const follow = (await t.request({ method: 'GET', url: `/api/Suggestion/follow/${code}` })).json();
    expect(follow).toMatchObject({ status: 'published', answer });
    expect(JSON.stringify(follow)).not.toContain(letter.contact);

    const pub = await t.request({ method: 'GET', url: '/api/Suggestion/published', query: { keyword: 'xe nang' } });
    expect(pub.statusCode, pub.body).toBe(200);
    const items = pub.json() as {
      pageLists: Array<{ id: string; question: string; answer: string }>;
      totalRecord: number;
    };
    expect(items.pageLists.map((p) => p.id)).toEqual([id]);
    expect(items.pageLists[0]!.question).toBe('Xe nâng hàng phải kiểm định định kỳ bao lâu một lần?');
    expect(pub.body).not.toContain(letter.contact);
    expect(pub.body).not.toContain(letter.name);
    const all = (
      await t.request({ method: 'GET', url: '/api/Suggestion/published', query: { pageSize: '100' } })
    ).json() as { pageLists: Array<{ title: string }> };
    expect(all.pageLists.map((p) => p.title)).not.toContain('Câu hỏi chưa trả lời');
    expect(hidden).toBeTruthy();
  });
});

describe('who reads the back office', () => {
  it('only the department: the public is asked to sign in, other units are refused even with the permission', async () => {
    expect((await t.request({ method: 'GET', url: '/api/Suggestion/suggestions' })).statusCode).toBe(401);
    for (const who of [f.employerA, f.districtA]) {
      const res = await t.request({ method: 'GET', url: '/api/Suggestion/suggestions', headers: who.headers });
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe('FORBIDDEN');
    }
    const plain = await sessionWith(t, { permissions: [], unitId: f.businessA.unitId });
    expect(
      (await t.request({ method: 'GET', url: '/api/Suggestion/suggestions', headers: plain.headers })).statusCode,
    ).toBe(403);
  });

  it('the default employer type is not granted the box; the department officer type is', () => {
    const type = (code: string) => DEFAULT_USER_TYPES.find((ty) => ty.code === code)!;
    const group = permissionGroups().get('Suggestion.read')!;
    expect(grantedByDefault(type(DEFAULT_USER_TYPE_CODES.employer), 'Suggestion.read', group)).toBe(false);
    expect(grantedByDefault(type(DEFAULT_USER_TYPE_CODES.departmentOfficer), 'Suggestion.answer', group)).toBe(true);
  });
});

describe('demo seed', () => {
  it('adds realistic questions, some published, once', async () => {
    await suggestionsDemoStep.run(demoSeedContext(t));
    await suggestionsDemoStep.run(demoSeedContext(t));
    const pub = (
      await t.request({ method: 'GET', url: '/api/Suggestion/published', query: { pageSize: '100' } })
    ).json() as {
      totalRecord: number;
    };
    expect(pub.totalRecord).toBeGreaterThanOrEqual(3);
    const follow = await t.request({ method: 'GET', url: `/api/Suggestion/follow/${DEMO_SUGGESTIONS[0]!.code}` });
    expect(follow.json()).toMatchObject({ status: 'published' });
  });
});
