/**
 * Deterministic, realistic Vietnamese data for the demo province and the bench generator: names with
 * diacritics, companies, tax codes, citizen ID numbers, addresses, phone numbers, e-mail addresses.
 *
 * Everything draws from a seeded generator (never Math.random), so the same seed always gives the same
 * data: seeds stay idempotent and bench runs comparable. Pure functions only; the caller supplies anything
 * from the database (ward names) and the reference date (never "now").
 */

import { citizenIdBirth, makeCitizenId } from '@portal/domain/workers/citizen-id';

// ---------------------------------------------------------------------------------------------------------
// Seeded generator

export interface Random {
  /** Uniform in [0, 1). */
  next(): number;
  /** Integer in [min, max], both inclusive. */
  int(min: number, max: number): number;
  pick<T>(items: readonly T[]): T;
  /** Items with relative weights: [[value, weight], …]. */
  weighted<T>(items: ReadonlyArray<readonly [T, number]>): T;
  chance(probability: number): boolean;
  /** `count` random decimal digits as text (leading zeros kept). */
  digits(count: number): string;
  /**
   * An independent stream for a sub-task: `rng.fork('workers')` gives the same values however many numbers
   * the parent drew before, so adding a field elsewhere does not reshuffle existing data.
   */
  fork(label: string): Random;
}

/** cyrb128: spreads any string seed over four 32-bit words for sfc32. */
function hashSeed(text: string): [number, number, number, number] {
  let h1 = 1779033703;
  let h2 = 3144134277;
  let h3 = 1013904242;
  let h4 = 2773480762;
  for (let i = 0; i < text.length; i++) {
    const k = text.charCodeAt(i);
    h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
  h1 ^= h2 ^ h3 ^ h4;
  h2 ^= h1;
  h3 ^= h1;
  h4 ^= h1;
  return [h1 >>> 0, h2 >>> 0, h3 >>> 0, h4 >>> 0];
}

/** sfc32: small, fast, and good enough statistically for test data. */
export function createRandom(seed: string | number): Random {
  const label = String(seed);
  let [a, b, c, d] = hashSeed(label);
  const next = (): number => {
    a >>>= 0;
    b >>>= 0;
    c >>>= 0;
    d >>>= 0;
    let t = (a + b) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    d = (d + 1) | 0;
    t = (t + d) | 0;
    c = (c + t) | 0;
    return (t >>> 0) / 4294967296;
  };
  // Warm-up: the first outputs of sfc32 are weakly mixed.
  for (let i = 0; i < 15; i++) next();
  const rng: Random = {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    pick: (items) => {
      if (items.length === 0) throw new Error('pick from an empty list');
      return items[Math.floor(next() * items.length)]!;
    },
    weighted: (items) => {
      const total = items.reduce((sum, [, w]) => sum + w, 0);
      let r = next() * total;
      for (const [value, w] of items) {
        r -= w;
        if (r < 0) return value;
      }
      return items[items.length - 1]![0];
    },
    chance: (p) => next() < p,
    digits: (count) => {
      let out = '';
      for (let i = 0; i < count; i++) out += String(Math.floor(next() * 10));
      return out;
    },
    fork: (sub) => createRandom(`${label}/${sub}`),
  };
  return rng;
}

// ---------------------------------------------------------------------------------------------------------
// Text helpers

/** 'Nguyễn Văn Đức' → 'Nguyen Van Duc'. */
export function toAscii(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/đ/g, 'd')
    .replace(/Đ/g, 'D');
}

/** 'Hoàng Long' → 'hoanglong': for e-mail local parts and domains. */
export function slug(text: string, separator = ''): string {
  return toAscii(text)
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
    .join(separator);
}

/** Appends ' 2', ' 3', … until the name is new; records it. Deterministic for a deterministic input order. */
export function makeUnique(name: string, seen: Set<string>): string {
  let candidate = name;
  for (let n = 2; seen.has(candidate); n++) candidate = `${name} ${n}`;
  seen.add(candidate);
  return candidate;
}

// ---------------------------------------------------------------------------------------------------------
// People

export type Sex = 'male' | 'female';

/** Family names with rough population shares (per cent); Hoàng/Huỳnh and Vũ/Võ are northern/southern forms. */
export const FAMILY_NAMES: ReadonlyArray<readonly [string, number]> = [
  ['Nguyễn', 38],
  ['Trần', 11],
  ['Lê', 9.5],
  ['Phạm', 7],
  ['Hoàng', 3],
  ['Huỳnh', 3],
  ['Phan', 4.5],
  ['Vũ', 2.5],
  ['Võ', 2.5],
  ['Đặng', 2.1],
  ['Bùi', 2],
  ['Đỗ', 1.4],
  ['Hồ', 1.3],
  ['Ngô', 1.3],
  ['Dương', 1],
  ['Lý', 0.5],
];

// prettier-ignore
export const MIDDLE_NAMES: Record<Sex, readonly string[]> = {
  male: ['Văn', 'Văn', 'Văn', 'Đức', 'Minh', 'Quang', 'Hữu', 'Công', 'Thành', 'Xuân', 'Đình', 'Ngọc', 'Hoàng', 'Tuấn', 'Trọng', 'Thanh', 'Gia', 'Bảo', 'Anh', 'Quốc'],
  female: ['Thị', 'Thị', 'Thị', 'Ngọc', 'Thu', 'Thanh', 'Kim', 'Mỹ', 'Thùy', 'Bích', 'Minh', 'Hồng', 'Phương', 'Khánh', 'Ánh', 'Diệu', 'Bảo', 'Hoài', 'Quỳnh', 'Tuyết'],
};

// prettier-ignore
export const GIVEN_NAMES: Record<Sex, readonly string[]> = {
  male: [
    'An', 'Bảo', 'Bình', 'Cường', 'Dũng', 'Duy', 'Đạt', 'Định', 'Hải', 'Hào', 'Hiếu', 'Hoàng', 'Hùng', 'Huy',
    'Khang', 'Khánh', 'Khoa', 'Kiên', 'Lâm', 'Long', 'Lộc', 'Luân', 'Mạnh', 'Minh', 'Nam', 'Nghĩa', 'Nhân',
    'Phát', 'Phong', 'Phúc', 'Quân', 'Quang', 'Sơn', 'Tài', 'Tâm', 'Thắng', 'Thành', 'Thịnh', 'Toàn', 'Trí',
    'Trung', 'Tuấn', 'Tùng', 'Việt', 'Vinh', 'Vũ',
  ],
  female: [
    'Anh', 'Ánh', 'Bích', 'Chi', 'Diễm', 'Dung', 'Duyên', 'Giang', 'Hà', 'Hạnh', 'Hằng', 'Hiền', 'Hoa', 'Hương',
    'Huyền', 'Lan', 'Liên', 'Linh', 'Loan', 'Mai', 'My', 'Nga', 'Ngân', 'Ngọc', 'Nhi', 'Nhung', 'Oanh',
    'Phương', 'Quyên', 'Quỳnh', 'Thảo', 'Thu', 'Thủy', 'Trang', 'Trinh', 'Tuyết', 'Uyên', 'Vân', 'Vy', 'Yến',
  ],
};

export interface PersonName {
  familyName: string;
  middleName: string;
  givenName: string;
  /** 'Nguyễn Văn An' (family name first, as written in Viet Nam). */
  fullName: string;
  sex: Sex;
}

export function personName(rng: Random, sex: Sex = rng.chance(0.5) ? 'male' : 'female'): PersonName {
  const familyName = rng.weighted(FAMILY_NAMES);
  let middleName = rng.pick(MIDDLE_NAMES[sex]);
  const givenName = rng.pick(GIVEN_NAMES[sex]);
  // 'Minh Minh' does not occur as a name.
  if (middleName === givenName) middleName = sex === 'male' ? 'Văn' : 'Thị';
  return { familyName, middleName, givenName, fullName: `${familyName} ${middleName} ${givenName}`, sex };
}

/** A birth date such that the person is between minAge and maxAge on `referenceDate` ('YYYY-MM-DD'). */
export function birthDate(rng: Random, referenceDate: string, minAge = 18, maxAge = 60): string {
  const ref = new Date(`${referenceDate}T00:00:00Z`);
  const latest = Date.UTC(ref.getUTCFullYear() - minAge, ref.getUTCMonth(), ref.getUTCDate());
  const earliest = Date.UTC(ref.getUTCFullYear() - maxAge - 1, ref.getUTCMonth(), ref.getUTCDate()) + 86_400_000;
  const day = rng.int(0, Math.floor((latest - earliest) / 86_400_000));
  return new Date(earliest + day * 86_400_000).toISOString().slice(0, 10);
}

/**
 * Citizen identity card number (CCCD, 12 digits) as the domain's rule builds it: the province code of birth
 * registration ('068' Lâm Đồng), the century-and-sex digit, the last two digits of the birth year, then 6 random
 * digits.
 */
export function citizenIdNumber(rng: Random, options: { sex: Sex; birthYear: number; provinceCode?: string }): string {
  const province = (options.provinceCode ?? '068').padStart(3, '0');
  if (!/^\d{3}$/.test(province)) throw new Error(`bad province code ${province}`);
  return makeCitizenId(province, `${options.birthYear}-01-01`, options.sex, Number(rng.digits(6)));
}

/** Reads back what a CCCD number says about its holder. */
export function parseCitizenIdNumber(id: string): { provinceCode: string; sex: Sex; birthYear: number } | null {
  if (!/^\d{12}$/.test(id)) return null;
  const { year, sex } = citizenIdBirth(id);
  return { provinceCode: id.slice(0, 3), sex, birthYear: year };
}

/** Mobile prefixes in use (Viettel 032–039, 096–098; MobiFone 090, 093; VinaPhone 091, 094). */
// prettier-ignore
export const MOBILE_PREFIXES = ['032', '033', '034', '035', '036', '037', '038', '039', '090', '091', '093', '094', '096', '097', '098'] as const;

/** A 10-digit mobile number: '0912345678'. */
export function mobilePhone(rng: Random): string {
  return `${rng.pick(MOBILE_PREFIXES)}${rng.digits(7)}`;
}

/**
 * A personal e-mail address without diacritics: 'nguyenvanan87@…', 'an.nguyen@…', 'annv1990@…'.
 * The default domain is reserved (RFC 2606), so demo data can never reach a real mailbox.
 */
export function personalEmail(
  rng: Random,
  name: PersonName,
  options: { birthYear?: number; domain?: string } = {},
): string {
  const family = slug(name.familyName);
  const middle = slug(name.middleName);
  const given = slug(name.givenName);
  const year = options.birthYear ?? 1990;
  const local = rng.pick([
    `${family}${middle}${given}${String(year % 100).padStart(2, '0')}`,
    `${given}.${family}`,
    `${given}${family[0]}${middle[0]}${year}`,
    `${family}.${given}${rng.int(1, 99)}`,
  ]);
  return `${local}@${options.domain ?? 'example.com'}`;
}

export interface Person extends PersonName {
  birthDate: string;
  citizenId: string;
  phone: string;
  email: string;
}

/** A whole person: name, birth date, CCCD, mobile phone and e-mail, consistent with each other. */
export function person(
  rng: Random,
  options: {
    referenceDate: string;
    minAge?: number;
    maxAge?: number;
    sex?: Sex;
    provinceCode?: string;
    emailDomain?: string;
  },
): Person {
  const name = personName(rng, options.sex);
  const born = birthDate(rng, options.referenceDate, options.minAge, options.maxAge);
  const birthYear = Number(born.slice(0, 4));
  return {
    ...name,
    birthDate: born,
    citizenId: citizenIdNumber(rng, {
      sex: name.sex,
      birthYear,
      ...(options.provinceCode ? { provinceCode: options.provinceCode } : {}),
    }),
    phone: mobilePhone(rng),
    email: personalEmail(rng, name, { birthYear, ...(options.emailDomain ? { domain: options.emailDomain } : {}) }),
  };
}

// ---------------------------------------------------------------------------------------------------------
// Businesses

/**
 * Tax-office prefixes (the first two digits of an enterprise tax code, not the administrative codes) of the
 * provinces that formed today's Lâm Đồng.
 */
export const TAX_CODE_PREFIXES = { lamDong: '58', binhThuan: '34', dakNong: '64' } as const;

const TAX_WEIGHTS = [31, 29, 23, 19, 17, 13, 7, 5, 3] as const;

/**
 * Check digit (10th digit) of an enterprise tax code (MST): 10 − (Σ digit × weight mod 11) with weights
 * 31 29 23 19 17 13 7 5 3. Null when the remainder is 0: no such code is ever issued.
 */
export function taxCodeCheckDigit(first9: string): number | null {
  if (!/^\d{9}$/.test(first9)) throw new Error(`tax code needs 9 digits before the check digit: ${first9}`);
  let sum = 0;
  for (let i = 0; i < 9; i++) sum += Number(first9[i]) * TAX_WEIGHTS[i]!;
  const check = 10 - (sum % 11);
  return check === 10 ? null : check;
}

/** 10-digit tax code, or 13 digits for a branch ('0300588569-001'), with a valid check digit. */
export function isValidTaxCode(code: string): boolean {
  const m = /^(\d{9})(\d)(?:-?(\d{3}))?$/.exec(code);
  if (!m) return false;
  if (m[3] === '000') return false;
  return taxCodeCheckDigit(m[1]!) === Number(m[2]);
}

/** A random valid 10-digit tax code under a tax-office prefix. */
export function taxCode(rng: Random, prefix: string = TAX_CODE_PREFIXES.lamDong): string {
  if (!/^\d{2}$/.test(prefix)) throw new Error(`tax code prefix must be 2 digits: ${prefix}`);
  for (;;) {
    const first9 = `${prefix}${rng.digits(7)}`;
    const check = taxCodeCheckDigit(first9);
    if (check !== null) return `${first9}${check}`;
  }
}

/**
 * Valid tax codes under a prefix in increasing order, from serial `from` (the 7 digits after the prefix): unique
 * by construction, for bulk generators. Serials whose check digit would be 10 are skipped.
 */
export function* taxCodeSequence(prefix: string, from = 0): Generator<string> {
  if (!/^\d{2}$/.test(prefix)) throw new Error(`tax code prefix must be 2 digits: ${prefix}`);
  for (let serial = from; serial <= 9_999_999; serial++) {
    const first9 = `${prefix}${String(serial).padStart(7, '0')}`;
    const check = taxCodeCheckDigit(first9);
    if (check !== null) yield `${first9}${check}`;
  }
}

/** Legal forms with rough shares among employers. */
export const COMPANY_FORMS: ReadonlyArray<readonly [string, number]> = [
  ['Công ty TNHH', 45],
  ['Công ty TNHH MTV', 15],
  ['Công ty Cổ phần', 30],
  ['Doanh nghiệp tư nhân', 5],
  ['Hợp tác xã', 5],
];

/** Lines of business typical of Lâm Đồng, Đắk Nông and Bình Thuận. */
// prettier-ignore
export const BUSINESS_LINES = [
  'Xây dựng', 'Xây dựng và Thương mại', 'Chế biến Nông sản', 'Cà phê', 'Chè', 'Rau hoa', 'Du lịch',
  'Du lịch và Khách sạn', 'Thủy điện', 'Khai thác Khoáng sản', 'Vật liệu Xây dựng', 'Vận tải', 'Thương mại và Dịch vụ',
  'Cơ khí', 'May mặc', 'Thủy sản', 'Nước mắm', 'Thanh long', 'Năng lượng Tái tạo', 'Chế biến Gỗ', 'Dược liệu',
  'Sữa', 'Xuất nhập khẩu', 'Điện', 'Môi trường Đô thị', 'Cao su', 'Hồ tiêu',
] as const;

// prettier-ignore
export const BRAND_NAMES = [
  'Hoàng Long', 'Minh Phát', 'An Khang', 'Phú Quý', 'Thành Đạt', 'Tân Phát', 'Đại Việt', 'Phương Nam', 'Tây Nguyên',
  'Lang Biang', 'Đà Lạt', 'Bảo Lộc', 'Mũi Né', 'Phan Thiết', 'Gia Nghĩa', 'Đức Trọng', 'Di Linh', 'Sao Mai',
  'Hưng Thịnh', 'Kim Ngân', 'Trường Sơn', 'Nam Tây Nguyên', 'Cao Nguyên Xanh', 'Thiên Phú', 'Vạn Xuân', 'Hòa Bình',
  'Tiến Thành', 'Nhật Minh', 'Đồng Xanh', 'Hải Âu',
] as const;

const REGION_QUALIFIERS = ['', '', '', 'Lâm Đồng', 'Tây Nguyên', 'Miền Nam', 'Việt Nam', 'Nam Trung Bộ'] as const;

export interface CompanyName {
  /** 'Công ty TNHH Chế biến Nông sản Hoàng Long' */
  name: string;
  form: string;
  line: string;
  brand: string;
}

/** A company name. Combinations run to about 30 000; pass names through makeUnique for bulk data. */
export function companyName(rng: Random): CompanyName {
  const form = rng.weighted(COMPANY_FORMS);
  const line = rng.pick(BUSINESS_LINES);
  const brand = rng.pick(BRAND_NAMES);
  const region = rng.pick(REGION_QUALIFIERS);
  const tail = region && region !== brand ? `${brand} ${region}` : brand;
  let name: string;
  if (form === 'Doanh nghiệp tư nhân') name = `${form} ${tail}`;
  else if (form === 'Hợp tác xã')
    name = `${form} ${rng.pick(['Nông nghiệp', 'Dịch vụ Nông nghiệp', 'Cà phê', 'Rau an toàn'])} ${tail}`;
  else name = `${form} ${line} ${tail}`;
  return { name, form, line, brand };
}

/** A company contact address on a reserved domain: 'lienhe@hoanglong.example.com'. */
export function companyEmail(company: CompanyName, domain = 'example.com'): string {
  return `lienhe@${slug(company.brand)}.${domain}`;
}

// ---------------------------------------------------------------------------------------------------------
// Addresses

/** A commune/ward as the admin_unit table has it ('Phường Xuân Hương - Đà Lạt', 'Xã Lạc Dương'). */
export interface WardRef {
  name: string;
  fullName: string;
}

// prettier-ignore
export const STREET_NAMES = [
  'Trần Phú', 'Lê Lợi', 'Nguyễn Văn Trỗi', 'Hùng Vương', 'Phan Đình Phùng', '3 Tháng 2', 'Nguyễn Chí Thanh',
  'Bùi Thị Xuân', 'Yersin', 'Hai Bà Trưng', 'Quang Trung', 'Lê Hồng Phong', 'Nguyễn Tất Thành', 'Trần Hưng Đạo',
  'Ngô Quyền', 'Phạm Văn Đồng', 'Lý Thường Kiệt', 'Võ Văn Kiệt', 'Nguyễn Huệ', 'Lê Duẩn', 'Tôn Đức Thắng',
  '30 Tháng 4', 'Trần Quốc Toản', 'Nguyễn Thái Học', 'Phan Chu Trinh',
] as const;

/**
 * A street address in a ward: 'Số 15 đường Trần Phú, Phường Xuân Hương - Đà Lạt, tỉnh Lâm Đồng'; communes get
 * village-style addresses: 'Thôn 3, Xã Lạc Dương, tỉnh Lâm Đồng'.
 */
export function streetAddress(rng: Random, ward: WardRef, province = 'tỉnh Lâm Đồng'): string {
  const urban = /^(Phường|Thị trấn)\b/u.test(ward.fullName);
  let local: string;
  if (urban) {
    const street = rng.pick(STREET_NAMES);
    const n = rng.int(1, 350);
    local = rng.chance(0.2) ? `Số ${n}/${rng.int(1, 40)} đường ${street}` : `Số ${n} đường ${street}`;
  } else {
    local = rng.chance(0.7) ? `Thôn ${rng.int(1, 15)}` : `Tổ ${rng.int(1, 20)}, thôn ${rng.int(1, 12)}`;
  }
  return `${local}, ${ward.fullName}, ${province}`;
}
