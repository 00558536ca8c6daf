import { ZxcvbnFactory, type MatchExtended } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary as commonDictionary } from '@zxcvbn-ts/language-common';
import { dictionary as englishDictionary } from '@zxcvbn-ts/language-en';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, PASSWORD_MIN_SCORE } from './accounts.ts';

/**
 * The one password check of the portal: the API runs it wherever a password is set, the web forms run the same
 * code for their strength meter. The dictionaries weigh megabytes, so the web app loads this module with a
 * dynamic import() only when a new-password field is shown.
 *
 * Strength is zxcvbn's estimate (common passwords, English words and names, keyboard walks, dates, repeats,
 * l33t) plus Vietnamese passwords and words that the English lists miss, and the user's own name and address.
 */

/** Common Vietnamese passwords and portal words, accent-free as typed (zxcvbn lower-cases and finds l33t). */
const vietnamese = [
  'matkhau',
  'anhyeuem',
  'emyeuanh',
  'yeuem',
  'iloveyou',
  'vietnam',
  'hanoi',
  'saigon',
  'hochiminh',
  'dalat',
  'lamdong',
  'baoloc',
  'daknong',
  'binhthuan',
  'phanthiet',
  'nguyen',
  'tran',
  'pham',
  'hoang',
  'huynh',
  'phan',
  'dang',
  'quantri',
  'canbo',
  'thanhtra',
  'doanhnghiep',
  'congty',
  'laodong',
  'vieclam',
  'antoan',
  'atvsld',
  'soldtbxh',
  'sonoivu',
  'congthongtin',
  'admin',
  'demo',
];

let factory: ZxcvbnFactory | undefined;
function estimator(): ZxcvbnFactory {
  // Built on first use (≈ 0.2 s, 15 MB): a process that never checks a password never pays for it.
  factory ??= new ZxcvbnFactory({
    dictionary: { ...commonDictionary, ...englishDictionary, 'vietnamese-common': vietnamese },
    graphs: adjacencyGraphs,
    // Near-miss matching over these lists costs ≈ 0.2 s of CPU per check: too slow for a request thread.
    useLevenshteinDistance: false,
  });
  return factory;
}

/** Problem codes, each with its text at accounts:password.<code>. */
export type PasswordProblem = 'tooShort' | 'tooLong' | 'common' | 'personal' | 'weak';

export interface PasswordAssessment {
  /** 0 (guessable at once) … 4 (very strong); 0 when too short or too long. */
  score: 0 | 1 | 2 | 3 | 4;
  /** Empty when the password may be used. */
  problems: PasswordProblem[];
}

/** Words about the user that a password must not be built on: user name, full name, email and its parts. */
export function personalInputs(...values: Array<string | null | undefined>): string[] {
  const inputs = new Set<string>();
  for (const value of values) {
    const text = value?.trim().toLowerCase();
    if (!text) continue;
    inputs.add(text);
    const plain = text.normalize('NFD').replace(/\p{M}/gu, '').replace(/đ/g, 'd');
    inputs.add(plain);
    inputs.add(plain.replace(/\s+/g, ''));
    for (const part of plain.split(/[\s@._-]+/)) if (part.length >= 3) inputs.add(part);
  }
  return [...inputs];
}

const isDictionary = (m: MatchExtended, names: string[]) =>
  m.pattern === 'dictionary' && names.includes(String(m.dictionaryName));

/** Length first (no estimate for a password that cannot be used anyway), then strength. */
export function assessPassword(password: string, userInputs: string[] = []): PasswordAssessment {
  if (password.length < PASSWORD_MIN_LENGTH) return { score: 0, problems: ['tooShort'] };
  if (password.length > PASSWORD_MAX_LENGTH) return { score: 0, problems: ['tooLong'] };
  const result = estimator().check(password, userInputs);
  if (result.score >= PASSWORD_MIN_SCORE) return { score: result.score, problems: [] };
  // Name the most telling reason for a weak password; the texts suggest what to do instead.
  const problem: PasswordProblem = result.sequence.some((m) => isDictionary(m, ['userInputs']))
    ? 'personal'
    : result.sequence.some((m) => isDictionary(m, ['passwords-common', 'vietnamese-common']))
      ? 'common'
      : 'weak';
  return { score: result.score, problems: [problem] };
}
