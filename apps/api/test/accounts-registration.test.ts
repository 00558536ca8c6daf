import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/app.ts';
import { bearer, createUser, login, randomAddress, sessionWith, signIn } from './support/accounts.ts';
import { linkIn, startSmtpReceiver, textPart, type SmtpReceiver } from './support/smtp.ts';
import { defaultPortalConfig, savePortalConfig } from '../src/modules/configuration/store.ts';

/** Registration, activation, forgotten password and own password change; mail over real SMTP and in the outbox. */

const WARD = '2025:24781';
let n = 0;
function registration(overrides: Record<string, unknown> = {}) {
  n++;
  const id = `${Date.now() % 1e6}${n}`;
  return {
    taxCode: `58${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`,
    businessName: `Công ty TNHH Thử nghiệm ${id}`,
    address: '12 Trần Hưng Đạo, Đà Lạt',
    wardCode: WARD,
    userName: `dn_${id}`,
    fullName: 'Nguyễn Văn Đăng Ký',
    email: `dn_${id}@congty.example`,
    password: 'Cau-Dat@Xanh2026',
    ...overrides,
  };
}

describe('with the outbox (no SMTP server configured)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    // The portal serves Lâm Đồng, with communes/wards as local units.
    await savePortalConfig(t.database.db, {
      ...defaultPortalConfig(),
      provinceCode: '68',
      provinceName: 'Lâm Đồng',
      localUnitLevel: 'ward',
    });
  });
  afterAll(async () => t.close());

  const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
    t.request({ method: 'POST', url, payload: payload as object, headers, remoteAddress: randomAddress() });

  /** The latest mail to `to`, waiting for it a little: calls that take an email write their mail after answering. */
  async function outboxMailTo(to: string, after?: string) {
    for (let i = 0; ; i++) {
      const row = await t.database.db
        .selectFrom('outbox_mail')
        .selectAll()
        .where('to_address', '=', to)
        .orderBy('created_at', 'desc')
        .executeTakeFirst();
      if (row && row.id !== after) return { ...row, text: row.text_body ?? '' };
      if (i > 100) throw new Error(`no mail to ${to}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  it('an employer registers; the account is inactive until the mailed link is followed once', async () => {
    const body = registration();
    const res = await post('/api/Account/register', body);
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toContain(body.email);

    const user = await t.database.db
      .selectFrom('app_user as u')
      .innerJoin('unit as un', 'un.id', 'u.unit_id')
      .innerJoin('business as b', 'b.id', 'un.business_id')
      .innerJoin('user_type as ty', 'ty.id', 'u.user_type_id')
      .select(['u.id', 'u.status', 'b.status as business_status', 'b.ward_code', 'un.kind', 'ty.code'])
      .where('u.user_name', '=', body.userName)
      .executeTakeFirstOrThrow();
    expect(user).toMatchObject({
      status: 'inactive',
      business_status: 'pending',
      ward_code: WARD,
      kind: 'employer',
      code: 'DOANH_NGHIEP',
    });

    const blocked = await login(t, body.userName, body.password);
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().error.code).toBe('ACCOUNT_INACTIVE');

    const mail = await outboxMailTo(body.email);
    expect(mail.status).toBe('outbox');
    expect(mail.subject).toBe('[Cổng thông tin An toàn vệ sinh lao động] Kích hoạt tài khoản');
    const link = linkIn(mail, '/kich-hoat-tai-khoan/dang-ky');
    expect(link.origin).toBe(t.config.publicUrl);
    const token = link.searchParams.get('token')!;

    const activated = await post('/api/Account/activate', { token });
    expect(activated.statusCode).toBe(200);
    expect(activated.json()).toMatchObject({ ok: true, userName: body.userName });
    expect((await post('/api/Account/activate', { token })).json().error.code).toBe('INVALID_LINK');

    const business = await t.database.db
      .selectFrom('business')
      .select('status')
      .where('code', '=', body.taxCode)
      .executeTakeFirstOrThrow();
    expect(business.status).toBe('active');
    const session = await signIn(t, body);
    expect(session.userData.unit).toMatchObject({ kind: 'employer' });
  });

  it('refuses bad registrations with field details, in Vietnamese first', async () => {
    const weak = await post('/api/Account/register', registration({ password: 'abc' }));
    expect(weak.statusCode).toBe(400);
    expect(weak.json().error.code).toBe('WEAK_PASSWORD');
    expect(weak.json().error.details.map((d: { message: string }) => d.message)).toContain(
      'Mật khẩu phải có ít nhất 12 ký tự',
    );
    const weakEn = await post('/api/Account/register', registration({ password: 'qwerty123456' }), {
      'accept-language': 'en',
    });
    expect(weakEn.json().error.details[0]).toMatchObject({ field: 'password', code: 'common' });
    expect(weakEn.json().error.details[0].message).toMatch(/^This password is too common/);
    // The policy (ASVS V2.1): 12 to 128 characters, no composition rules, not common, not built on the user.
    const policy: Array<[string, string | null, Record<string, unknown>?]> = [
      ['password1', 'tooShort'],
      ['qwerty123', 'tooShort'],
      ['Abc@1234567', 'tooShort'],
      ['password1234', 'common'],
      ['matkhau123456', 'common'],
      ['aaaaaaaaaaaa', 'weak'],
      ['nguyenthilan2026', 'personal', { fullName: 'Nguyễn Thị Lan' }],
      ['x'.repeat(129), 'tooLong'],
      ['cà phê cầu đất xanh', null],
      ['gió núi sương mù đà lạt', null],
    ];
    for (const [password, problem, extra] of policy) {
      const res = await post('/api/Account/register', registration({ password, ...extra }));
      if (problem)
        expect(res.json().error, password).toMatchObject({ details: [{ field: 'password', code: problem }] });
      else expect(res.statusCode, password).toBe(201);
    }

    expect((await post('/api/Account/register', registration({ wardCode: '2025:99999' }))).json().error.code).toBe(
      'UNKNOWN_LOCAL_UNIT',
    );
    // A ward of another province is not one of this portal's.
    expect((await post('/api/Account/register', registration({ wardCode: '2025:00004' }))).statusCode).toBe(400);
    expect((await post('/api/Account/register', registration({ taxCode: '123' }))).statusCode).toBe(400);
    expect((await post('/api/Account/register', registration({ email: 'khong-phai-email' }))).statusCode).toBe(400);
    expect((await post('/api/Account/register', {})).statusCode).toBe(400);

    const first = registration();
    expect((await post('/api/Account/register', first)).statusCode).toBe(201);
    const sameTax = await post('/api/Account/register', registration({ taxCode: first.taxCode }));
    expect(sameTax.statusCode).toBe(409);
    expect(sameTax.json().error).toMatchObject({ code: 'TAX_CODE_TAKEN', details: [{ field: 'taxCode' }] });
    expect(
      (await post('/api/Account/register', registration({ userName: first.userName.toUpperCase() }))).json().error.code,
    ).toBe('USER_NAME_TAKEN');
  });

  it('registering with an address that has an account answers as a registration does; its owner is told', async () => {
    const owner = await createUser(t, { email: 'chu.so.huu@congty.example' });
    const fresh = registration({ email: 'moi.hoan.toan@congty.example' });
    const again = registration({ email: 'Chu.So.Huu@congty.example' });
    const a = await post('/api/Account/register', fresh);
    const b = await post('/api/Account/register', again);
    expect(b.statusCode).toBe(a.statusCode);
    const taken = 'chu.so.huu@congty.example';
    expect(b.json()).toEqual({ ...a.json(), email: taken, message: a.json().message.replace(fresh.email, taken) });
    // No second account; the owner's mail says someone tried, with no activation link.
    expect(
      await t.database.db.selectFrom('app_user').select('id').where('user_name', '=', again.userName).execute(),
    ).toEqual([]);
    const notice = await outboxMailTo(taken);
    expect(notice.purpose).toBe('registrationAttempt');
    expect(notice.text).toContain(owner.userName);
    expect(notice.text).toContain('/quen-mat-khau');
  });

  it('resending activation answers the same for known and unknown addresses; only the latest link works', async () => {
    const body = registration();
    await post('/api/Account/register', body);
    const firstMail = await outboxMailTo(body.email);
    const firstToken = linkIn(firstMail, '/kich-hoat-tai-khoan').searchParams.get('token')!;
    const known = await post('/api/Account/resend-activation', { email: body.email });
    const unknown = await post('/api/Account/resend-activation', { email: 'khong.ai@nowhere.example' });
    expect(known.statusCode).toBe(200);
    expect(known.json()).toEqual(unknown.json());
    const latest = linkIn(await outboxMailTo(body.email, firstMail.id), '/kich-hoat-tai-khoan').searchParams.get(
      'token',
    )!;
    expect(latest).not.toBe(firstToken);
    expect((await post('/api/Account/activate', { token: firstToken })).statusCode).toBe(400);
    expect((await post('/api/Account/activate', { token: latest })).statusCode).toBe(200);
  });

  it('forgotten password: identical answers, a single-use expiring link, and every session ends', async () => {
    const s = await sessionWith(t, { email: 'quen.matkhau@so.example' });
    const known = await post('/api/Account/forgot-password', { email: 'Quen.MatKhau@so.example' });
    const unknown = await post('/api/Account/forgot-password', { email: 'khong.co@so.example' });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual(unknown.json());
    const link = linkIn(await outboxMailTo('quen.matkhau@so.example'), '/reset-password');
    expect(
      await t.database.db
        .selectFrom('outbox_mail')
        .select('id')
        .where('to_address', '=', 'khong.co@so.example')
        .execute(),
    ).toEqual([]);

    const token = link.searchParams.get('token')!;
    const check = await t.request(`/api/Account/check-link?purpose=password_reset&token=${token}`);
    expect(check.json()).toEqual({ valid: true, userName: s.user.userName });

    expect((await post('/api/Account/reset-password', { token, password: 'ngan' })).json().error.code).toBe(
      'WEAK_PASSWORD',
    );
    const reset = await post('/api/Account/reset-password', { token, password: 'MatKhauMoi@2026' });
    expect(reset.statusCode).toBe(200);
    expect((await post('/api/Account/reset-password', { token, password: 'MatKhauKhac@2026' })).json().error.code).toBe(
      'INVALID_LINK',
    );
    expect((await t.request({ url: '/api/Account/info', headers: s.headers })).statusCode).toBe(401);
    expect((await login(t, s.user.userName, s.user.password)).statusCode).toBe(401);
    expect((await login(t, s.user.userName, 'MatKhauMoi@2026')).statusCode).toBe(200);
  });

  it('an expired reset link is refused', async () => {
    const user = await createUser(t, { email: 'het.han@so.example' });
    await post('/api/Account/forgot-password', { email: 'het.han@so.example' });
    const token = linkIn(await outboxMailTo('het.han@so.example'), '/reset-password').searchParams.get('token')!;
    await t.database.db
      .updateTable('account_token')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('user_id', '=', user.id)
      .execute();
    const res = await post('/api/Account/reset-password', { token, password: 'MatKhauMoi@2026' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('INVALID_LINK');
  });

  it('changing one’s own password checks the old one and ends the other sessions only', async () => {
    const s = await sessionWith(t);
    const other = await signIn(t, s.user);
    const wrong = await post(
      '/api/Account/change-password',
      { oldPassword: 'Sai@12345', newPassword: 'Moi@DoiThong26' },
      s.headers,
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.code).toBe('WRONG_PASSWORD');
    const same = await post(
      '/api/Account/change-password',
      { oldPassword: s.user.password, newPassword: s.user.password },
      s.headers,
    );
    expect(same.json().error.code).toBe('PASSWORD_REUSED');
    const ok = await post(
      '/api/Account/change-password',
      { oldPassword: s.user.password, newPassword: 'Moi@DoiThong26' },
      s.headers,
    );
    expect(ok.statusCode).toBe(200);
    expect((await t.request({ url: '/api/Account/info', headers: s.headers })).statusCode).toBe(200);
    expect((await t.request({ url: '/api/Account/info', headers: other.headers })).statusCode).toBe(401);
    expect((await login(t, s.user.userName, 'Moi@DoiThong26')).statusCode).toBe(200);
  });

  it('administrators read the outbox; others may not', async () => {
    const reader = await sessionWith(t, { permissions: ['MailOutbox.read'] });
    const list = await t.request({
      url: '/api/MailOutbox/get-paging?pageSize=5&keyWord=kich hoat',
      headers: reader.headers,
    });
    expect(list.statusCode).toBe(200);
    const body = list.json();
    expect(body.smtp).toBe(false);
    expect(body.totalRecord).toBeGreaterThan(0);
    expect(body.pageLists.length).toBeLessThanOrEqual(5);
    expect(body.pageLists.every((m: { subject: string }) => m.subject.includes('Kích hoạt'))).toBe(true);
    const one = await t.request({ url: `/api/MailOutbox/get-by-id/${body.pageLists[0].id}`, headers: reader.headers });
    expect(one.json().textBody).toContain('/kich-hoat-tai-khoan/dang-ky?token=');
    expect(one.json().htmlBody).toContain('<a href=');

    const nobody = await sessionWith(t, { permissions: ['User.read'] });
    expect((await t.request({ url: '/api/MailOutbox/get-paging', headers: nobody.headers })).statusCode).toBe(403);
    expect(
      (await t.request({ url: `/api/MailOutbox/get-by-id/${body.pageLists[0].id}`, headers: bearer('x') })).statusCode,
    ).toBe(401);
  });
});

describe('over SMTP', () => {
  let t: TestApp;
  let smtp: SmtpReceiver;
  beforeAll(async () => {
    smtp = await startSmtpReceiver();
    t = await createTestApp({
      smtpUrl: `${smtp.url}?from=${encodeURIComponent('"Cổng ATVSLĐ Lâm Đồng" <no-reply@lamdong.example>')}`,
    });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('the activation mail arrives over SMTP, in Vietnamese, and its link activates the account', async () => {
    const body = registration();
    const res = await t.request({
      method: 'POST',
      url: '/api/Account/register',
      payload: body,
      remoteAddress: randomAddress(),
    });
    expect(res.statusCode).toBe(201);
    const mail = await smtp.waitFor(body.email);
    expect(mail.from).toBe('no-reply@lamdong.example');
    expect(mail.subject).toBe('[Cổng thông tin An toàn vệ sinh lao động] Kích hoạt tài khoản');
    expect(mail.text).toContain(`Kính gửi ${body.fullName},`);
    expect(mail.raw).toMatch(/content-type: text\/html/i);
    const token = linkIn(mail, '/kich-hoat-tai-khoan/dang-ky').searchParams.get('token')!;
    expect((await t.request({ method: 'POST', url: '/api/Account/activate', payload: { token } })).statusCode).toBe(
      200,
    );
    expect((await login(t, body.userName, body.password)).statusCode).toBe(200);

    // Delivered: the outbox keeps the envelope only (the link was a secret).
    const row = await t.database.db
      .selectFrom('outbox_mail')
      .selectAll()
      .where('to_address', '=', body.email)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'sent', text_body: null, html_body: null });
  });

  it('a mail that cannot be delivered is kept and retried', async () => {
    const id = await t.app.mailer.enqueue(t.database.db, {
      to: 'retry@congty.example',
      subject: 'Thử lại',
      text: 'Nội dung thử gửi lại',
    });
    // Break the SMTP address for one attempt by pointing a second mailer at a closed port.
    const { createMailer } = await import('../src/platform/mail/index.ts');
    const closed = await startSmtpReceiver();
    await closed.close();
    const broken = createMailer(
      { smtpUrl: closed.url, publicUrl: t.config.publicUrl },
      t.database,
      { define() {}, send: async () => null },
      { info() {}, warn() {}, error() {} },
    );
    expect(await broken.deliver(id)).toBe('retry');
    let row = await t.database.db.selectFrom('outbox_mail').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.status).toBe('pending');
    expect(row.attempts).toBe(1);
    expect(row.last_error).toBeTruthy();
    expect(row.text_body).toBe('Nội dung thử gửi lại');
    broken.close();

    // Once due again, the real mailer delivers it.
    await t.database.db
      .updateTable('outbox_mail')
      .set({ next_attempt_at: new Date(Date.now() - 1000) })
      .where('id', '=', id)
      .execute();
    expect(await t.app.mailer.deliver(id)).toBe('sent');
    const mail = await smtp.waitFor('retry@congty.example');
    expect(textPart(mail.raw)).toContain('Nội dung thử gửi lại');
    row = await t.database.db.selectFrom('outbox_mail').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.status).toBe('sent');
    // A delivered mail is never sent twice.
    expect(await t.app.mailer.deliver(id)).toBe('skipped');
  });
});
