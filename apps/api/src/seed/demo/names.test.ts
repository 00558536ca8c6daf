import { describe, expect, it } from 'vitest';
import {
  FAMILY_NAMES,
  birthDate,
  citizenIdNumber,
  companyEmail,
  companyName,
  createRandom,
  isValidTaxCode,
  makeUnique,
  mobilePhone,
  parseCitizenIdNumber,
  person,
  personName,
  personalEmail,
  slug,
  streetAddress,
  taxCode,
  taxCodeCheckDigit,
  taxCodeSequence,
  toAscii,
} from './names.ts';

const DIACRITIC = /[àáạảãâầấậẩẫăằắặẳẵèéẹẻẽêềếệểễìíịỉĩòóọỏõôồốộổỗơờớợởỡùúụủũưừứựửữỳýỵỷỹđ]/i;

describe('seeded generator', () => {
  it('gives the same sequence for the same seed and a different one otherwise', () => {
    const draw = (seed: string) => {
      const rng = createRandom(seed);
      return Array.from({ length: 20 }, () => rng.next());
    };
    expect(draw('lam-dong')).toEqual(draw('lam-dong'));
    expect(draw('lam-dong')).not.toEqual(draw('dak-nong'));
    for (const v of draw('range')) {
      expect(v).toBeGreaterThanOrEqual(0);
      expect(v).toBeLessThan(1);
    }
  });

  it('forks independent streams that do not depend on what the parent drew', () => {
    const a = createRandom(1);
    const b = createRandom(1);
    b.next();
    b.next();
    expect(a.fork('workers').next()).toBe(b.fork('workers').next());
    expect(a.fork('workers').next()).not.toBe(a.fork('employers').next());
  });

  it('int covers both bounds and weighted follows the weights', () => {
    const rng = createRandom('int');
    const seen = new Set(Array.from({ length: 500 }, () => rng.int(1, 3)));
    expect([...seen].sort()).toEqual([1, 2, 3]);
    const counts = { a: 0, b: 0 };
    for (let i = 0; i < 2000; i++)
      counts[
        rng.weighted([
          ['a', 9],
          ['b', 1],
        ] as const)
      ]++;
    expect(counts.a).toBeGreaterThan(counts.b * 5);
  });

  it('does not use Math.random', () => {
    const original = Math.random;
    Math.random = () => {
      throw new Error('Math.random used');
    };
    try {
      const rng = createRandom('no-math-random');
      person(rng, { referenceDate: '2025-07-01' });
      companyName(rng);
      taxCode(rng);
    } finally {
      Math.random = original;
    }
  });
});

describe('people', () => {
  it('writes full names with diacritics, family name first', () => {
    const rng = createRandom('names');
    const names = Array.from({ length: 200 }, () => personName(rng));
    const families = new Set(FAMILY_NAMES.map(([f]) => f));
    for (const n of names) {
      expect(n.fullName).toBe(`${n.familyName} ${n.middleName} ${n.givenName}`);
      expect(families.has(n.familyName)).toBe(true);
      expect(n.middleName).not.toBe(n.givenName);
    }
    expect(names.filter((n) => DIACRITIC.test(n.fullName)).length).toBeGreaterThan(150);
    // Nguyễn is by far the most common family name.
    const nguyen = names.filter((n) => n.familyName === 'Nguyễn').length;
    expect(nguyen).toBeGreaterThan(40);
    expect(nguyen).toBeLessThan(120);
    expect(personName(createRandom('f'), 'female').sex).toBe('female');
    expect(names.filter((n) => n.sex === 'female' && n.middleName === 'Văn')).toEqual([]);
  });

  it('draws birth dates inside the age range on the reference date', () => {
    const rng = createRandom('birth');
    for (let i = 0; i < 300; i++) {
      const d = birthDate(rng, '2025-07-01', 18, 60);
      expect(d).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(d <= '2007-07-01').toBe(true);
      expect(d > '1964-07-01').toBe(true);
    }
  });

  it('builds CCCD numbers: province 068, sex and century digit, birth year, 6 digits', () => {
    const rng = createRandom('cccd');
    expect(citizenIdNumber(rng, { sex: 'male', birthYear: 1985 })).toMatch(/^068085\d{6}$/);
    expect(citizenIdNumber(rng, { sex: 'female', birthYear: 1999 })).toMatch(/^068199\d{6}$/);
    expect(citizenIdNumber(rng, { sex: 'male', birthYear: 2004 })).toMatch(/^068204\d{6}$/);
    expect(citizenIdNumber(rng, { sex: 'female', birthYear: 2001, provinceCode: '067' })).toMatch(/^067301\d{6}$/);
    expect(parseCitizenIdNumber('068301123456')).toEqual({ provinceCode: '068', sex: 'female', birthYear: 2001 });
    expect(parseCitizenIdNumber('06830112345')).toBeNull();
  });

  it('makes a consistent person: CCCD agrees with sex and birth date; phone and e-mail are well formed', () => {
    const rng = createRandom('person');
    for (let i = 0; i < 100; i++) {
      const p = person(rng, { referenceDate: '2025-07-01' });
      const id = parseCitizenIdNumber(p.citizenId);
      expect(id).toEqual({ provinceCode: '068', sex: p.sex, birthYear: Number(p.birthDate.slice(0, 4)) });
      expect(p.phone).toMatch(/^0(3[2-9]|9[0-8])\d{7}$/);
      expect(p.email).toMatch(/^[a-z0-9.]+@example\.com$/);
    }
  });

  it('phones are 10 digits with a 03x/09x prefix', () => {
    const rng = createRandom('phone');
    for (let i = 0; i < 200; i++) expect(mobilePhone(rng)).toMatch(/^0[39]\d{8}$/);
  });

  it('e-mail addresses have no diacritics', () => {
    const rng = createRandom('mail');
    const name = {
      familyName: 'Đặng',
      middleName: 'Thị',
      givenName: 'Thủy',
      fullName: 'Đặng Thị Thủy',
      sex: 'female' as const,
    };
    for (let i = 0; i < 20; i++)
      expect(personalEmail(rng, name, { birthYear: 1990 })).toMatch(/^[a-z0-9.]+@example\.com$/);
    expect(toAscii('Đặng Thị Thủy')).toBe('Dang Thi Thuy');
    expect(slug('Cao Nguyên Xanh')).toBe('caonguyenxanh');
    expect(slug('Lâm Viên - Đà Lạt', '-')).toBe('lam-vien-da-lat');
  });
});

describe('businesses', () => {
  it('validates tax codes with the official check digit (real codes)', () => {
    // Vinamilk, Viettel, FPT: public enterprise tax codes.
    expect(isValidTaxCode('0300588569')).toBe(true);
    expect(isValidTaxCode('0100109106')).toBe(true);
    expect(isValidTaxCode('0101248141')).toBe(true);
    expect(isValidTaxCode('0101248141-001')).toBe(true);
    expect(isValidTaxCode('0300588568')).toBe(false);
    expect(isValidTaxCode('030058856')).toBe(false);
    expect(taxCodeCheckDigit('030058856')).toBe(9);
  });

  it('generates valid tax codes under the tax-office prefix', () => {
    const rng = createRandom('mst');
    for (let i = 0; i < 200; i++) {
      const code = taxCode(rng);
      expect(code).toMatch(/^58\d{8}$/);
      expect(isValidTaxCode(code)).toBe(true);
    }
    expect(taxCode(rng, '34')).toMatch(/^34/);
  });

  it('yields unique, increasing valid tax codes for bulk data', () => {
    const codes: string[] = [];
    for (const code of taxCodeSequence('64', 1000)) {
      codes.push(code);
      if (codes.length === 500) break;
    }
    expect(new Set(codes).size).toBe(500);
    expect([...codes].sort()).toEqual(codes);
    expect(codes.every(isValidTaxCode)).toBe(true);
    expect(codes[0]!.startsWith('640001')).toBe(true);
  });

  it('names companies by legal form, line of business and brand', () => {
    const rng = createRandom('companies');
    const names = Array.from({ length: 300 }, () => companyName(rng));
    expect(names.some((c) => c.name.startsWith('Công ty TNHH '))).toBe(true);
    expect(names.some((c) => c.name.startsWith('Công ty Cổ phần '))).toBe(true);
    for (const c of names) {
      expect(c.name).toMatch(/^(Công ty|Doanh nghiệp tư nhân|Hợp tác xã) /);
      expect(c.name).toContain(c.brand);
      expect(companyEmail(c)).toMatch(/^lienhe@[a-z]+\.example\.com$/);
    }
    const seen = new Set<string>();
    const unique = names.map((c) => makeUnique(c.name, seen));
    expect(new Set(unique).size).toBe(unique.length);
    expect(makeUnique('Công ty TNHH A', new Set(['Công ty TNHH A']))).toBe('Công ty TNHH A 2');
  });
});

describe('addresses', () => {
  it('uses the given ward: street addresses in wards, villages in communes', () => {
    const rng = createRandom('addr');
    const ward = { name: 'Xuân Hương - Đà Lạt', fullName: 'Phường Xuân Hương - Đà Lạt' };
    const commune = { name: 'Lạc Dương', fullName: 'Xã Lạc Dương' };
    for (let i = 0; i < 20; i++) {
      expect(streetAddress(rng, ward)).toMatch(/^Số \d+(\/\d+)? đường .+, Phường Xuân Hương - Đà Lạt, tỉnh Lâm Đồng$/);
      expect(streetAddress(rng, commune)).toMatch(/^(Thôn \d+|Tổ \d+, thôn \d+), Xã Lạc Dương, tỉnh Lâm Đồng$/);
    }
  });

  it('is deterministic end to end', () => {
    const run = () => {
      const rng = createRandom('demo');
      return {
        person: person(rng.fork('p'), { referenceDate: '2025-07-01' }),
        company: companyName(rng.fork('c')).name,
        tax: taxCode(rng.fork('t')),
      };
    };
    expect(run()).toEqual(run());
  });
});
