import { describe, expect, it } from 'vitest';
import { missingFields } from './requirements.ts';
import { confirmBody, editLicenseBody, newLicenseBody } from './schemas.ts';

const WORKER = '0b6f6d2e-3f7a-4c1e-9a51-2f1c8f0d9e11';
const ID = '5f0c1c7e-8a4b-4d7e-9a2f-6b3e1d4c2a10';

describe('a draft keeps what is filled', () => {
  it('needs only the worker; empty values are empty, given ones are checked', () => {
    expect(newLicenseBody.safeParse({ workerId: WORKER }).success).toBe(true);
    const blank = newLicenseBody.parse({ workerId: WORKER, jobTitle: '  ', passportNumber: '', requestedFrom: '' });
    expect(blank).toMatchObject({ jobTitle: null, passportNumber: null, requestedFrom: null });
    expect(newLicenseBody.safeParse({ jobTitle: 'x' }).success).toBe(false);
    const bad = newLicenseBody.safeParse({ workerId: WORKER, requestedFrom: '2026-02-30', position: 'boss' });
    expect(bad.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['position', expect.any(String)],
      ['requestedFrom', 'permits:validation.date'],
    ]);
    // The period rules apply once both ends are there, and never on something that is not a date.
    expect(
      newLicenseBody.safeParse({ workerId: WORKER, requestedFrom: '2026-05-01', requestedTo: '2026-04-01' }).error
        ?.issues[0]?.message,
    ).toBe('permits:rules.periodOrder');
    expect(
      newLicenseBody.safeParse({ workerId: WORKER, requestedFrom: '2026-13-01', requestedTo: '2026-04-01' }).error
        ?.issues,
    ).toHaveLength(1);
    expect(confirmBody.safeParse({ workerId: WORKER, exemptionGround: 'other' }).success).toBe(true);
  });

  it('an edit tells an absent field (kept) from an emptied one (null)', () => {
    const v = editLicenseBody.parse({ id: ID, version: 1, jobTitle: '', position: null });
    expect(v.jobTitle).toBeNull();
    expect(v.position).toBeNull();
    expect(v.workplace).toBeUndefined();
    expect(v.requestedTo).toBeUndefined();
  });
});

describe('a submission needs every field of its kind', () => {
  it('lists the empty ones in the order of the form', () => {
    expect(missingFields('new', {})).toEqual([
      'passportNumber',
      'position',
      'workForm',
      'jobTitle',
      'workplace',
      'requestedFrom',
      'requestedTo',
    ]);
    expect(missingFields('new', { passportNumber: 'M1234567', jobTitle: ' ', requestedTo: '2026-01-01' })).toEqual([
      'position',
      'workForm',
      'jobTitle',
      'workplace',
      'requestedFrom',
    ]);
    expect(missingFields('renew', {})).toEqual(['renewReason']);
  });

  it('asks for the exemption detail only for the "other" ground', () => {
    const confirm = {
      passportNumber: 'K7654321',
      jobTitle: 'Giáo viên',
      workplace: 'Đà Lạt',
      requestedFrom: '2026-01-01',
      requestedTo: '2026-06-01',
    };
    expect(missingFields('confirm', { ...confirm, exemptionGround: 'treaty' })).toEqual([]);
    expect(missingFields('confirm', { ...confirm, exemptionGround: 'other' })).toEqual(['exemptionDetail']);
    expect(
      missingFields('confirm', { ...confirm, exemptionGround: 'other', exemptionDetail: 'Tình nguyện viên' }),
    ).toEqual([]);
  });
});
