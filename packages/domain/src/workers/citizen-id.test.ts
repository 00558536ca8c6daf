import { describe, expect, it } from 'vitest';
import { validateRecord } from '../catalog/record.ts';
import worker from '../catalog/areas/worker.ts';
import {
  BIRTH_PROVINCE_CODES,
  centuryDigit,
  citizenIdProblem,
  makeCitizenId,
  sampleCitizenId,
  type CitizenIdProblem,
} from './citizen-id.ts';

const today = new Date('2026-06-01T00:00:00Z');

describe('citizen ID structure', () => {
  it('lists the 63 provinces of Circular 07/2016/TT-BCA', () => {
    expect(Object.keys(BIRTH_PROVINCE_CODES)).toHaveLength(63);
    expect(BIRTH_PROVINCE_CODES['068']).toBe('Lâm Đồng');
  });

  const cases: Array<[string, string | null, string | null, CitizenIdProblem | null]> = [
    // id, birth date, sex, problem
    ['068195000123', '1995-04-02', 'female', null],
    ['068095000123', '1995-04-02', 'male', null],
    ['001303012345', '2003-01-01', 'female', null],
    ['079202000001', '2002-12-31', 'male', null],
    ['068895000123', '1895-04-02', 'male', null],
    ['068995000123', '1895-04-02', 'female', null],
    ['068195000123', null, null, null],
    ['068195000123', null, 'female', null],
    ['068195000123', '1995-04-02', null, null],
    ['400195000123', '1995-04-02', 'female', null], // registered abroad: a country code
    ['000000000000', '1995-04-02', 'female', 'zeros'],
    ['000000000000', null, null, 'zeros'],
    ['06819500012', '1995-04-02', 'female', 'digits'],
    ['06819500012a', null, null, 'digits'],
    ['003195000123', '1995-04-02', 'female', 'province'],
    ['097195000123', null, null, 'province'],
    ['068295000123', '1995-04-02', 'male', 'century'],
    ['068095000123', '2095-04-02', 'male', 'century'],
    ['068194000123', '1995-04-02', 'female', 'year'],
    ['068095000123', '1995-04-02', 'female', 'sex'],
    ['068195000123', '1995-04-02', 'male', 'sex'],
    ['068195000123', null, 'male', 'sex'],
    ['068430000123', null, null, 'future'],
    ['068227000123', null, null, 'future'],
    ['068226000123', null, null, null],
  ];
  it.each(cases)('%s born %s, %s → %s', (id, birthDate, sex, problem) => {
    expect(citizenIdProblem(id, { birthDate, sex }, today)).toBe(problem);
  });

  it.each([
    [1895, 'male', 8],
    [1899, 'female', 9],
    [1900, 'male', 0],
    [1999, 'female', 1],
    [2000, 'male', 2],
    [2099, 'female', 3],
    [2100, 'male', 4],
    [2150, 'female', 5],
    [2200, 'male', 6],
    [2299, 'female', 7],
    [1799, 'male', null],
    [2300, 'male', null],
  ] as const)('century digit of %i, %s is %s', (year, sex, digit) => {
    expect(centuryDigit(year, sex)).toBe(digit);
  });

  it('makes numbers that pass their own check', () => {
    const id = makeCitizenId('068', '1987-11-20', 'female', 42);
    expect(id).toBe('068187000042');
    expect(citizenIdProblem(id, { birthDate: '1987-11-20', sex: 'female' })).toBeNull();
    expect(citizenIdProblem(sampleCitizenId('AB12', 3), { birthDate: '2024-03-15', sex: 'male' })).toBeNull();
  });
});

describe('a worker record checks its citizen ID beside the field', () => {
  const t = (key: string) => key;
  const base = { fullName: 'Nguyễn Thị Hoa', birthDate: '1995-04-02', sex: 'female', businessId: crypto.randomUUID() };
  it.each([
    ['000000000000', 'workers:validation.citizenId.zeros'],
    ['068095000123', 'workers:validation.citizenId.sex'],
    ['068194000123', 'workers:validation.citizenId.year'],
    ['068195000123', null],
  ])('%s → %s', (citizenId, message) => {
    const result = validateRecord(worker, { ...base, citizenId }, t);
    if (message === null) expect(result.ok).toBe(true);
    else expect(result).toMatchObject({ ok: false, errors: [{ field: 'citizenId', message }] });
  });
});
