import { field } from '../catalog/define.ts';
import type { FieldCheck, TextField } from '../catalog/types.ts';
import { CITIZEN_ID_DIGITS } from './constants.ts';

/**
 * The structure of a Vietnamese citizen's personal identification number (số định danh cá nhân, printed on the
 * CCCD / căn cước card): 12 digits —
 *   1–3  the province (or country) where the birth was registered,
 *   4    century of birth and sex,
 *   5–6  the last two digits of the year of birth,
 *   7–12 a serial number.
 * Source: Circular 07/2016/TT-BCA art. 7 and its Appendix I (province codes), as amended by Circular
 * 59/2021/TT-BCA (Law on Identification 2023 art. 12 keeps the structure). The codes below are the 63 provinces
 * as they stood before the 2025 reorganisation: numbers already issued keep them.
 */

/** Birth-registration province codes (Appendix I of Circular 07/2016/TT-BCA). */
export const BIRTH_PROVINCE_CODES: Readonly<Record<string, string>> = {
  '001': 'Hà Nội',
  '002': 'Hà Giang',
  '004': 'Cao Bằng',
  '006': 'Bắc Kạn',
  '008': 'Tuyên Quang',
  '010': 'Lào Cai',
  '011': 'Điện Biên',
  '012': 'Lai Châu',
  '014': 'Sơn La',
  '015': 'Yên Bái',
  '017': 'Hòa Bình',
  '019': 'Thái Nguyên',
  '020': 'Lạng Sơn',
  '022': 'Quảng Ninh',
  '024': 'Bắc Giang',
  '025': 'Phú Thọ',
  '026': 'Vĩnh Phúc',
  '027': 'Bắc Ninh',
  '030': 'Hải Dương',
  '031': 'Hải Phòng',
  '033': 'Hưng Yên',
  '034': 'Thái Bình',
  '035': 'Hà Nam',
  '036': 'Nam Định',
  '037': 'Ninh Bình',
  '038': 'Thanh Hóa',
  '040': 'Nghệ An',
  '042': 'Hà Tĩnh',
  '044': 'Quảng Bình',
  '045': 'Quảng Trị',
  '046': 'Thừa Thiên Huế',
  '048': 'Đà Nẵng',
  '049': 'Quảng Nam',
  '051': 'Quảng Ngãi',
  '052': 'Bình Định',
  '054': 'Phú Yên',
  '056': 'Khánh Hòa',
  '058': 'Ninh Thuận',
  '060': 'Bình Thuận',
  '062': 'Kon Tum',
  '064': 'Gia Lai',
  '066': 'Đắk Lắk',
  '067': 'Đắk Nông',
  '068': 'Lâm Đồng',
  '070': 'Bình Phước',
  '072': 'Tây Ninh',
  '074': 'Bình Dương',
  '075': 'Đồng Nai',
  '077': 'Bà Rịa - Vũng Tàu',
  '079': 'Hồ Chí Minh',
  '080': 'Long An',
  '082': 'Tiền Giang',
  '083': 'Bến Tre',
  '084': 'Trà Vinh',
  '086': 'Vĩnh Long',
  '087': 'Đồng Tháp',
  '089': 'An Giang',
  '091': 'Kiên Giang',
  '092': 'Cần Thơ',
  '093': 'Hậu Giang',
  '094': 'Sóc Trăng',
  '095': 'Bạc Liêu',
  '096': 'Cà Mau',
};

/**
 * A birth registered abroad carries the country's code instead (the circular's country appendix). Every
 * province code is below 100 and the country codes lie above it, so a code from 100 up is taken as a country
 * without checking it against that appendix: a real number is never refused for it.
 */
export const ABROAD_CODE_FROM = 100;

/** Century digit for a man; a woman's is one more (Circular 07/2016/TT-BCA art. 7 §2). */
const CENTURY_BASE: Readonly<Record<number, number>> = { 18: 8, 19: 0, 20: 2, 21: 4, 22: 6 };

/** Why a number cannot be a citizen ID (the key of its message under `workers:validation.citizenId.`). */
export type CitizenIdProblem = 'digits' | 'zeros' | 'province' | 'century' | 'sex' | 'year' | 'future';

/** The century-and-sex digit (4th) for a birth year and sex; null outside 1800–2299. */
export function centuryDigit(year: number, sex: 'male' | 'female'): number | null {
  const base = CENTURY_BASE[Math.floor(year / 100)];
  return base === undefined ? null : base + (sex === 'female' ? 1 : 0);
}

/** Birth year and sex the number states (from its 4th to 6th digits). */
export function citizenIdBirth(id: string): { year: number; sex: 'male' | 'female' } {
  const d = Number(id[3]);
  const base = d - (d % 2);
  const century = Number(Object.entries(CENTURY_BASE).find(([, b]) => b === base)![0]);
  return { year: century * 100 + Number(id.slice(4, 6)), sex: d % 2 === 0 ? 'male' : 'female' };
}

/**
 * What is wrong with a citizen ID, or null: its structure always, and — when they are known — whether it
 * agrees with the holder's birth date ('YYYY-MM-DD') and sex.
 */
export function citizenIdProblem(
  id: string,
  holder: { birthDate?: string | null; sex?: string | null } = {},
  today: Date = new Date(),
): CitizenIdProblem | null {
  if (!/^\d{12}$/.test(id)) return 'digits';
  if (/^0+$/.test(id)) return 'zeros';
  const province = id.slice(0, 3);
  if (!(province in BIRTH_PROVINCE_CODES) && Number(province) < ABROAD_CODE_FROM) return 'province';
  const stated = citizenIdBirth(id);
  const year = holder.birthDate ? Number(holder.birthDate.slice(0, 4)) : null;
  if (year != null && Number.isFinite(year)) {
    const sex = holder.sex === 'male' || holder.sex === 'female' ? holder.sex : stated.sex;
    if (centuryDigit(year, 'male') !== Number(id[3]) - (Number(id[3]) % 2)) return 'century';
    if (Number(id.slice(4, 6)) !== year % 100) return 'year';
    if (sex !== stated.sex) return 'sex';
  } else if (holder.sex === 'male' || holder.sex === 'female') {
    if (holder.sex !== stated.sex) return 'sex';
  }
  // Nobody is born after today: a number stating a later year (a 2100s digit, say) cannot be real.
  if (stated.year > today.getUTCFullYear()) return 'future';
  return null;
}

/** A valid citizen ID for a person (demo data, tests): the province code, the digits of birth, a serial. */
export function makeCitizenId(province: string, birthDate: string, sex: 'male' | 'female', serial: number): string {
  const year = Number(birthDate.slice(0, 4));
  const digit = centuryDigit(year, sex);
  if (digit === null) throw new RangeError(`No century digit for ${year}`);
  return `${province}${digit}${String(year % 100).padStart(2, '0')}${String(serial % 1_000_000).padStart(6, '0')}`;
}

/** The catalogue rule of a citizen-ID field: its structure, and its agreement with the record's birth date and sex. */
export const citizenIdCheck: FieldCheck = {
  with: ['birthDate', 'sex'],
  rule: (value, record) => {
    const problem = citizenIdProblem(String(value), {
      birthDate: typeof record.birthDate === 'string' ? record.birthDate : null,
      sex: typeof record.sex === 'string' ? record.sex : null,
    });
    return problem ? `workers:validation.citizenId.${problem}` : null;
  },
};

/**
 * A valid citizen ID for a generated record (contract tests, examples), whose sample birth date is in 2024 and
 * sex the first option (male); distinct per tag and n.
 */
export function sampleCitizenId(tag: string, n: number): string {
  // Spread over the 63 province codes and a million serials (FNV-1a of tag and n): generated records meet in
  // one test database by the hundred, and a repeated number would be a duplicate the test did not ask for.
  let h = 2166136261;
  for (const ch of `${tag}:${n}`) h = Math.imul(h ^ ch.charCodeAt(0), 16777619) >>> 0;
  const codes = Object.keys(BIRTH_PROVINCE_CODES);
  return makeCitizenId(codes[h % codes.length]!, '2024-01-01', 'male', Math.floor(h / codes.length) % 1_000_000);
}

/** A catalogue field holding a citizen ID: twelve digits, checked by their structure against birth date and sex. */
export function citizenIdField(o: { required?: boolean } = {}): TextField {
  return field.text({ ...o, digits: CITIZEN_ID_DIGITS, width: 16, check: citizenIdCheck, sample: sampleCitizenId });
}
