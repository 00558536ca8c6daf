import { describe, expect, it } from 'vitest';
import {
  addDays,
  addYears,
  checkApproval,
  checkPeriod,
  extensionBlocker,
  formatPermitNumber,
  isCalendarDate,
  maxValidTo,
  parsePermitNumber,
  proposedValidity,
  renewalBlocker,
  todayInVietnam,
  type ParentPermit,
} from './rules.ts';
import { missingFields, missingRequirements, REQUIREMENTS } from './requirements.ts';
import { approveBody, confirmBody, newLicenseBody } from './schemas.ts';

const permit = (over: Partial<ParentPermit> = {}): ParentPermit => ({
  kind: 'new',
  status: 'approved',
  validFrom: '2025-06-01',
  validTo: '2027-05-31',
  ...over,
});

describe('calendar dates', () => {
  it('adds days and years without time zones, 29 February included', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addYears('2024-02-29', 1)).toBe('2025-03-01');
    expect(maxValidTo('2026-01-15')).toBe('2028-01-14');
    expect(maxValidTo('2024-02-29')).toBe('2026-02-28');
    expect(isCalendarDate('2026-02-30')).toBe(false);
    expect(isCalendarDate('2026-2-3')).toBe(false);
    expect(isCalendarDate('2028-02-29')).toBe(true);
  });

  it("takes today from Vietnam's calendar (UTC+7)", () => {
    expect(todayInVietnam(new Date('2026-03-31T16:59:59Z'))).toBe('2026-03-31');
    expect(todayInVietnam(new Date('2026-03-31T17:00:00Z'))).toBe('2026-04-01');
  });
});

describe('validity rules', () => {
  it('accepts at most two years, in order', () => {
    const f = { from: 'requestedFrom', to: 'requestedTo' };
    expect(checkPeriod('2026-01-01', '2027-12-31', f)).toEqual([]);
    expect(checkPeriod('2026-01-01', '2028-01-01', f)[0]).toMatchObject({
      field: 'requestedTo',
      code: 'periodTooLong',
    });
    expect(checkPeriod('2026-01-02', '2026-01-01', f)[0]).toMatchObject({ field: 'requestedTo', code: 'periodOrder' });
  });

  it('approves a new permit for at most two years, not already over', () => {
    const base = { kind: 'new' as const, parent: null, today: '2026-05-10' };
    expect(checkApproval({ ...base, validFrom: '2026-05-10', validTo: '2028-05-09' })).toEqual([]);
    expect(checkApproval({ ...base, validFrom: '2026-05-10', validTo: '2028-05-10' })[0]?.code).toBe('periodTooLong');
    expect(checkApproval({ ...base, validFrom: '2026-01-01', validTo: '2026-05-09' })[0]?.code).toBe('alreadyOver');
  });

  it('an extension continues the day after the permit ends; a renewal keeps its end', () => {
    const parent = { validTo: '2026-06-30' };
    expect(
      checkApproval({ kind: 'extend', validFrom: '2026-07-01', validTo: '2028-06-30', parent, today: '2026-06-01' }),
    ).toEqual([]);
    expect(
      checkApproval({ kind: 'extend', validFrom: '2026-06-15', validTo: '2028-06-14', parent, today: '2026-06-01' })[0],
    ).toMatchObject({
      field: 'validFrom',
      code: 'extensionStart',
    });
    expect(
      checkApproval({ kind: 'renew', validFrom: '2026-06-01', validTo: '2026-06-30', parent, today: '2026-06-01' }),
    ).toEqual([]);
    expect(
      checkApproval({ kind: 'renew', validFrom: '2026-06-01', validTo: '2027-06-30', parent, today: '2026-06-01' })[0]
        ?.code,
    ).toBe('renewalEnd');
  });

  it('proposes the validity the law fixes', () => {
    expect(
      proposedValidity(
        'extend',
        { requestedFrom: null, requestedTo: '2027-12-31' },
        { validTo: '2026-06-30' },
        '2026-06-01',
      ),
    ).toEqual({
      validFrom: '2026-07-01',
      validTo: '2027-12-31',
      fixedFrom: true,
      fixedTo: false,
    });
    expect(
      proposedValidity(
        'extend',
        { requestedFrom: null, requestedTo: '2030-01-01' },
        { validTo: '2026-06-30' },
        '2026-06-01',
      ).validTo,
    ).toBe('2028-06-30');
    expect(
      proposedValidity('renew', { requestedFrom: null, requestedTo: null }, { validTo: '2026-06-30' }, '2026-06-01'),
    ).toEqual({
      validFrom: '2026-06-01',
      validTo: '2026-06-30',
      fixedFrom: false,
      fixedTo: true,
    });
    expect(
      proposedValidity('new', { requestedFrom: '2026-07-01', requestedTo: '2027-06-30' }, null, '2026-06-01'),
    ).toMatchObject({
      validFrom: '2026-07-01',
      validTo: '2027-06-30',
    });
    // Asked to start in the past: from today, for what is allowed.
    expect(
      proposedValidity('new', { requestedFrom: '2026-01-01', requestedTo: '2029-01-01' }, null, '2026-06-01'),
    ).toMatchObject({
      validFrom: '2026-06-01',
      validTo: '2028-05-31',
    });
  });

  it('extends a permit once in its whole line, only while valid, one open request at a time', () => {
    const none = { lineKinds: ['new' as const], lineChildren: [], children: [] };
    expect(extensionBlocker({ parent: permit(), ...none })).toBeNull();
    expect(extensionBlocker({ parent: permit({ status: 'expired' }), ...none })).toBe('notValid');
    expect(extensionBlocker({ parent: permit({ kind: 'confirm' }), ...none })).toBe('notLicense');
    // The permit is itself an extension, or a renewal of one.
    expect(extensionBlocker({ parent: permit({ kind: 'extend' }), ...none, lineKinds: ['extend', 'new'] })).toBe(
      'alreadyExtended',
    );
    expect(
      extensionBlocker({ parent: permit({ kind: 'renew' }), ...none, lineKinds: ['renew', 'extend', 'new'] }),
    ).toBe('alreadyExtended');
    // An extension was already granted from the line.
    expect(
      extensionBlocker({ parent: permit(), ...none, lineChildren: [{ kind: 'extend', status: 'approved' }] }),
    ).toBe('alreadyExtended');
    // A refused extension does not count; an open one blocks a second.
    expect(
      extensionBlocker({ parent: permit(), ...none, lineChildren: [{ kind: 'extend', status: 'rejected' }] }),
    ).toBeNull();
    expect(extensionBlocker({ parent: permit(), ...none, children: [{ kind: 'extend', status: 'submitted' }] })).toBe(
      'openRequest',
    );
    expect(extensionBlocker({ parent: permit(), ...none, children: [{ kind: 'renew', status: 'draft' }] })).toBe(
      'openRequest',
    );
    // An extension still open on the permit this one renewed would make two.
    expect(
      extensionBlocker({
        parent: permit({ kind: 'renew' }),
        ...none,
        lineKinds: ['renew', 'new'],
        lineChildren: [{ kind: 'extend', status: 'returned' }],
      }),
    ).toBe('openRequest');
    // Replaced by a renewal: further requests go from the renewal.
    expect(extensionBlocker({ parent: permit(), ...none, children: [{ kind: 'renew', status: 'approved' }] })).toBe(
      'replaced',
    );
  });

  it('renews a valid permit that has no open request and was not replaced', () => {
    expect(renewalBlocker({ parent: permit(), children: [] })).toBeNull();
    expect(renewalBlocker({ parent: permit({ status: 'expired' }), children: [] })).toBe('notValid');
    expect(renewalBlocker({ parent: permit(), children: [{ kind: 'renew', status: 'returned' }] })).toBe('openRequest');
    expect(renewalBlocker({ parent: permit(), children: [{ kind: 'renew', status: 'approved' }] })).toBe('replaced');
    expect(renewalBlocker({ parent: permit({ kind: 'confirm' }), children: [] })).toBe('notLicense');
  });
});

describe('permit numbers', () => {
  it('formats and parses LĐ-68-2026-000123', () => {
    expect(formatPermitNumber({ kind: 'new', provinceCode: '68', year: 2026, sequence: 123 })).toBe(
      'LĐ-68-2026-000123',
    );
    expect(formatPermitNumber({ kind: 'confirm', provinceCode: '68', year: 2026, sequence: 1 })).toBe(
      'XN-68-2026-000001',
    );
    expect(formatPermitNumber({ kind: 'renew', provinceCode: null, year: 2027, sequence: 999_999 })).toBe(
      'LĐ-00-2027-999999',
    );
    expect(() => formatPermitNumber({ kind: 'new', provinceCode: '68', year: 2026, sequence: 0 })).toThrow(RangeError);
    expect(parsePermitNumber('LĐ-68-2026-000123')).toEqual({
      prefix: 'LĐ',
      provinceCode: '68',
      year: 2026,
      sequence: 123,
    });
    // Decomposed "Đ" is not a different number.
    expect(parsePermitNumber('LĐ-68-2026-000123'.normalize('NFD'))?.sequence).toBe(123);
    expect(parsePermitNumber('LD-68-2026-000123')).toBeNull();
  });
});

describe('required files', () => {
  it('every kind asks for the application form and the passport; photos only as images', () => {
    for (const list of Object.values(REQUIREMENTS)) {
      expect(list.find((r) => r.code === 'applicationForm')?.required).toBe(true);
      expect(list.find((r) => r.code === 'passportCopy')?.required).toBe(true);
      const photos = list.find((r) => r.code === 'photos');
      if (photos) expect(photos.kinds).toEqual(['image']);
    }
    expect(missingRequirements('renew', ['applicationForm', 'passportCopy'])).toEqual(['photos']);
    expect(missingRequirements('confirm', ['applicationForm', 'passportCopy', 'exemptionProof'])).toEqual([]);
  });
});

describe('request shapes', () => {
  const request = {
    workerId: '6f1e1a52-8d7e-4d1e-9a55-2d8f0b0c1a11',
    passportNumber: 'e12345678',
    position: 'expert',
    jobTitle: 'Chuyên gia kỹ thuật rang xay',
    workplace: 'Đà Lạt',
    workForm: 'labourContract',
    requestedFrom: '2026-07-01',
    requestedTo: '2028-06-30',
  };

  it('accepts a complete request and refuses a period over two years with a rule key', () => {
    expect(newLicenseBody.parse(request).passportNumber).toBe('E12345678');
    expect(newLicenseBody.safeParse({ ...request, passportNumber: 'E 123' }).error?.issues[0]?.message).toBe(
      'permits:validation.passportNumber',
    );
    const long = newLicenseBody.safeParse({ ...request, requestedTo: '2028-07-01' });
    expect(long.success).toBe(false);
    expect(long.error?.issues[0]).toMatchObject({ path: ['requestedTo'], message: 'permits:rules.periodTooLong' });
    expect(newLicenseBody.safeParse({ ...request, requestedFrom: '2026-02-30' }).success).toBe(false);
    // A blank job title is not filled yet: the draft saves, its submission asks for it.
    const blank = newLicenseBody.parse({ ...request, jobTitle: '   ' });
    expect(blank.jobTitle).toBeNull();
    expect(missingFields('new', blank)).toEqual(['jobTitle']);
  });

  it('needs details when the exemption ground is "other" (to submit; a draft saves without)', () => {
    const c = {
      workerId: request.workerId,
      passportNumber: 'P1234567',
      jobTitle: 'x',
      workplace: 'y',
      requestedFrom: '2026-07-01',
      requestedTo: '2027-06-30',
    };
    expect(confirmBody.safeParse({ ...c, exemptionGround: 'marriedToVietnamese' }).success).toBe(true);
    const other = confirmBody.parse({ ...c, exemptionGround: 'other' });
    expect(missingFields('confirm', other)).toEqual(['exemptionDetail']);
  });

  it('approval takes two real dates and a version', () => {
    expect(
      approveBody.safeParse({ id: request.workerId, version: 3, validFrom: '2026-07-01', validTo: '2028-06-30' })
        .success,
    ).toBe(true);
    expect(
      approveBody.safeParse({ id: request.workerId, version: 0, validFrom: '2026-07-01', validTo: '2028-06-30' })
        .success,
    ).toBe(false);
  });
});
