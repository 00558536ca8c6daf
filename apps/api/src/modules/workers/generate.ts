import type { Nationality, WorkingForm } from '@portal/domain/workers/constants';
import type { AbroadStatus, EducationLevel, IncomeBand } from '@portal/domain/statistics/values';
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

/**
 * What the province's statistics count about a worker (education, income, insurance, work abroad), drawn as a
 * Lâm Đồng workforce looks: factory and farm hands mostly with upper or lower secondary schooling or a vocational
 * certificate, technicians with college or university; older workers less schooled; incomes mostly 5–15 million
 * VND a month; social insurance for about 88 % of those with a labour contract, health insurance for about 92 %
 * of all; a few percent back from a contract in Japan, Korea or Taiwan, about 1 % abroad now.
 */
export interface WorkerBackground {
  educationLevel: EducationLevel;
  incomeBand: IncomeBand;
  socialInsurance: boolean;
  healthInsurance: boolean;
  abroadStatus: AbroadStatus;
  abroadCountry: string | null;
}

type Weights<T> = ReadonlyArray<readonly [T, number]>;

/** Schooling by occupation (VSCO sub-major group of the demo's occupations; others: the province's average). */
const EDUCATION_BY_OCCUPATION: Readonly<Record<string, Weights<EducationLevel>>> = {
  // Science and engineering associate professionals (technicians).
  '31': [
    ['upperSecondary', 5],
    ['vocational', 20],
    ['college', 33],
    ['university', 40],
    ['postgraduate', 2],
  ],
  // Skilled agricultural workers (coffee, vegetables, flowers).
  '61': [
    ['none', 3],
    ['primary', 12],
    ['lowerSecondary', 35],
    ['upperSecondary', 35],
    ['vocational', 10],
    ['college', 3],
    ['university', 2],
  ],
  // Building trades; food processing, wood and garment trades.
  '71': [
    ['primary', 3],
    ['lowerSecondary', 20],
    ['upperSecondary', 42],
    ['vocational', 29],
    ['college', 4],
    ['university', 2],
  ],
  '75': [
    ['primary', 2],
    ['lowerSecondary', 18],
    ['upperSecondary', 44],
    ['vocational', 28],
    ['college', 5],
    ['university', 3],
  ],
  // Stationary plant and machine operators; drivers.
  '81': [
    ['lowerSecondary', 12],
    ['upperSecondary', 45],
    ['vocational', 35],
    ['college', 6],
    ['university', 2],
  ],
  '83': [
    ['lowerSecondary', 15],
    ['upperSecondary', 45],
    ['vocational', 35],
    ['college', 4],
    ['university', 1],
  ],
  // Labourers in mining, construction, manufacturing and transport.
  '93': [
    ['none', 4],
    ['primary', 15],
    ['lowerSecondary', 38],
    ['upperSecondary', 32],
    ['vocational', 8],
    ['college', 2],
    ['university', 1],
  ],
};
const EDUCATION_OTHERWISE: Weights<EducationLevel> = [
  ['primary', 4],
  ['lowerSecondary', 18],
  ['upperSecondary', 40],
  ['vocational', 22],
  ['college', 7],
  ['university', 8],
  ['postgraduate', 1],
];
/** Foreigners at the province's employers: experts, managers and technicians (work permits). */
const EDUCATION_FOREIGN: Weights<EducationLevel> = [
  ['vocational', 10],
  ['college', 20],
  ['university', 58],
  ['postgraduate', 12],
];
const LESS_SCHOOLED = new Set<EducationLevel>(['none', 'primary', 'lowerSecondary']);
const HIGHER = new Set<EducationLevel>(['college', 'university', 'postgraduate']);

/** Older workers went to school when fewer went on; younger ones more often did. */
function byAge(weights: Weights<EducationLevel>, age: number): Weights<EducationLevel> {
  if (age >= 30 && age < 50) return weights;
  return weights.map(([level, w]) => {
    if (age >= 50) return [level, LESS_SCHOOLED.has(level) ? w * 2 : HIGHER.has(level) ? w / 2 : w] as const;
    return [level, level === 'none' || level === 'primary' ? w / 4 : HIGHER.has(level) ? w * 1.5 : w] as const;
  });
}

/** Monthly income bands (million VND): most between 5 and 15; more for higher schooling, less part-time. */
const INCOME_USUAL: Weights<IncomeBand> = [
  ['lt5', 7],
  ['5to10', 52],
  ['10to15', 29],
  ['15to20', 8],
  ['20to30', 3],
  ['gte30', 1],
];
const INCOME_HIGHER: Weights<IncomeBand> = [
  ['lt5', 1],
  ['5to10', 24],
  ['10to15', 38],
  ['15to20', 21],
  ['20to30', 12],
  ['gte30', 4],
];
const INCOME_PART_TIME: Weights<IncomeBand> = [
  ['lt5', 35],
  ['5to10', 52],
  ['10to15', 11],
  ['15to20', 2],
];
const INCOME_FOREIGN: Weights<IncomeBand> = [
  ['15to20', 10],
  ['20to30', 35],
  ['gte30', 55],
];

/** Where the province's workers go on contracts, as the department names the countries. */
const ABROAD_COUNTRIES: Weights<string> = [
  ['Nhật Bản', 55],
  ['Hàn Quốc', 27],
  ['Đài Loan (Trung Quốc)', 18],
];

export function workerBackground(
  rng: Random,
  worker: Pick<GeneratedWorker, 'birthDate' | 'nationality' | 'workingForm'>,
  options: { referenceDate: string; occupation: string | null; labourContract: boolean },
): WorkerBackground {
  const foreign = worker.nationality !== 'VN';
  const age = Number(options.referenceDate.slice(0, 4)) - Number(worker.birthDate.slice(0, 4));
  const schooling = foreign
    ? EDUCATION_FOREIGN
    : byAge((options.occupation && EDUCATION_BY_OCCUPATION[options.occupation]) || EDUCATION_OTHERWISE, age);
  const educationLevel = rng.weighted(schooling);
  const shortHours = worker.workingForm === 'partTime' || worker.workingForm === 'seasonal';
  const incomeBand = rng.weighted(
    foreign
      ? INCOME_FOREIGN
      : shortHours
        ? INCOME_PART_TIME
        : HIGHER.has(educationLevel) || options.occupation === '31'
          ? INCOME_HIGHER
          : INCOME_USUAL,
  );
  // Compulsory with a labour contract of a month or more; seasonal work is the least often declared.
  const socialInsurance = options.labourContract ? rng.chance(worker.workingForm === 'seasonal' ? 0.72 : 0.9) : false;
  // Paid with social insurance; without it, often through the household or a commune's policy.
  const healthInsurance = socialInsurance || rng.chance(options.labourContract ? 0.35 : 0.6);
  // Contracts abroad (Law 69/2020/QH14) are taken young: from 18 to about 40.
  const abroadAge = age >= 20 && age <= 45;
  const roll = rng.next();
  const abroadStatus: AbroadStatus =
    foreign || !abroadAge ? 'none' : roll < 0.016 ? 'abroad' : roll < 0.016 + 0.065 ? 'returned' : 'none';
  return {
    educationLevel,
    incomeBand,
    socialInsurance,
    healthInsurance,
    abroadStatus,
    abroadCountry: abroadStatus === 'none' ? null : rng.weighted(ABROAD_COUNTRIES),
  };
}
