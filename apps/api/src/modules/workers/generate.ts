import type { Nationality, WorkingForm } from '@portal/domain/workers/constants';
import { createRandom, person, type Random } from '../../seed/demo/names.ts';

/**
 * Deterministic, realistic workers (demo data, tests, the import check): Vietnamese names with diacritics,
 * citizen IDs consistent with sex and birth year (mostly Lâm Đồng's 068, some from the neighbouring provinces
 * people move from), a few foreigners with passports. The same seed always gives the same workers, and the
 * identity numbers of one call never repeat.
 */

export interface GeneratedWorker {
  fullName: string;
  citizenId: string | null;
  passportNumber: string | null;
  birthDate: string;
  sex: 'male' | 'female';
  nationality: Nationality;
  workingForm: WorkingForm;
  startDate: string;
  phone: string;
}

/** Where workers of a Lâm Đồng employer were born (CCCD province codes): mostly the province itself. */
const BIRTH_PROVINCES: ReadonlyArray<readonly [string, number]> = [
  ['068', 70], // Lâm Đồng
  ['060', 6], // Bình Thuận (now Lâm Đồng)
  ['067', 6], // Đắk Nông (now Lâm Đồng)
  ['066', 4], // Đắk Lắk
  ['056', 3], // Khánh Hòa
  ['040', 3], // Nghệ An
  ['038', 3], // Thanh Hóa
  ['079', 3], // TP Hồ Chí Minh
  ['001', 2], // Hà Nội
];

/** Foreigners seen at the province's employers: names as their passports write them, passport number shapes. */
interface ForeignOrigin {
  nationality: Nationality;
  passport: (rng: Random) => string;
  names: ReadonlyArray<readonly [string, 'male' | 'female']>;
}
const FOREIGNERS: ReadonlyArray<readonly [ForeignOrigin, number]> = [
  [
    {
      nationality: 'KR',
      passport: (rng) => `M${rng.digits(8)}`,
      names: [
        ['KIM MIN JUN', 'male'],
        ['LEE SEO YEON', 'female'],
        ['PARK JI HOON', 'male'],
        ['CHOI YU NA', 'female'],
      ],
    },
    4,
  ],
  [
    {
      nationality: 'CN',
      passport: (rng) => `E${rng.digits(8)}`,
      names: [
        ['WANG WEI', 'male'],
        ['LI NA', 'female'],
        ['ZHANG HAO', 'male'],
        ['LIU YANG', 'female'],
      ],
    },
    3,
  ],
  [
    {
      nationality: 'JP',
      passport: (rng) => `T${String.fromCharCode(65 + rng.int(0, 25))}${rng.digits(7)}`,
      names: [
        ['SATO HARUTO', 'male'],
        ['SUZUKI YUI', 'female'],
        ['TAKAHASHI REN', 'male'],
      ],
    },
    2,
  ],
  [
    {
      nationality: 'TW',
      passport: (rng) => rng.digits(9),
      names: [
        ['CHEN YI TING', 'female'],
        ['LIN CHIA HAO', 'male'],
      ],
    },
    1,
  ],
  [
    {
      nationality: 'PH',
      passport: (rng) => `P${rng.digits(7)}${String.fromCharCode(65 + rng.int(0, 25))}`,
      names: [
        ['MARIA SANTOS', 'female'],
        ['JOSE REYES', 'male'],
      ],
    },
    1,
  ],
];

const WORKING_FORM_WEIGHTS: ReadonlyArray<readonly [WorkingForm, number]> = [
  ['fullTime', 80],
  ['seasonal', 12],
  ['partTime', 7],
  ['remote', 1],
];

export function generateWorkers(
  seed: string,
  count: number,
  options: { referenceDate: string; foreignShare?: number },
): GeneratedWorker[] {
  const rng = createRandom(`workers:${seed}`);
  const taken = new Set<string>();
  const out: GeneratedWorker[] = [];
  const foreignShare = options.foreignShare ?? 0.02;
  const refYear = Number(options.referenceDate.slice(0, 4));
  while (out.length < count) {
    const origin = rng.chance(foreignShare) ? rng.weighted(FOREIGNERS) : null;
    const p = person(rng, {
      referenceDate: options.referenceDate,
      minAge: 18,
      maxAge: 60,
      provinceCode: rng.weighted(BIRTH_PROVINCES),
    });
    const passport = origin ? origin.passport(rng) : null;
    const [foreignName, foreignSex] = origin ? rng.pick(origin.names) : [null, null];
    const id = passport ?? p.citizenId;
    if (taken.has(id)) continue;
    taken.add(id);
    // Hired at 18 at the earliest, within the last ten years.
    const earliest = Math.max(Number(p.birthDate.slice(0, 4)) + 18, refYear - 10);
    const startYear = rng.int(earliest, refYear);
    const startDate = `${startYear}-${String(rng.int(1, 12)).padStart(2, '0')}-${String(rng.int(1, 28)).padStart(2, '0')}`;
    out.push({
      fullName: foreignName ?? p.fullName,
      citizenId: origin ? null : p.citizenId,
      passportNumber: passport,
      birthDate: p.birthDate,
      sex: foreignSex ?? p.sex,
      nationality: origin?.nationality ?? 'VN',
      workingForm: rng.weighted(WORKING_FORM_WEIGHTS),
      startDate: startDate > options.referenceDate ? options.referenceDate : startDate,
      phone: p.phone,
    });
  }
  return out;
}
