import { sql, type RawBuilder } from 'kysely';
import {
  MATCH_POINTS as P,
  PAY_CLOSE_PERCENT,
  type DistanceBand,
  type MatchFactor,
} from '@portal/domain/employment/constants';
import { EDUCATION_LEVELS } from '@portal/domain/statistics/values';
import type { Executor } from '../../catalog/context.ts';
import { bandsAround, distanceBetween } from './distance.ts';
import { skillList } from './skills.ts';

/**
 * Matching that explains itself, both ways: the open vacancies that fit a job seeker, and the seekers who fit a
 * vacancy. Occupation decides whether two records match at all (the same occupation, or the same group of the
 * occupation tree); distance, pay, education and skills rank the matches, and each result carries one reason
 * per factor with the points it brought.
 *
 * The statement never scores the whole table: the candidates fall into buckets by occupation closeness and
 * distance band, whose points are fixed, so each bucket has a best possible score. Buckets are read best first,
 * each for its own top results (pay, education and skills ranked in the statement), and reading stops once the
 * results kept can no longer be beaten by the next bucket's best possible score.
 */

export interface MatchReason {
  factor: MatchFactor;
  fit: string;
  points: number;
  max: number;
  params: Record<string, string | number | null>;
}

/** A reason's params without the values not known (the answer leaves them out). */
const known = (params: MatchReason['params']) =>
  Object.fromEntries(Object.entries(params).filter(([, v]) => v !== null)) as Record<string, string | number>;

interface Named {
  id: string;
  name: string;
}

/** The record matched for: what its matches are judged against. */
export interface Profile {
  id: string;
  code: string;
  title: string;
  occupation: Named;
  /** The occupation's group (its parent), or itself for a group; its name goes into the reason. */
  group: Named | null;
  commune: Named | null;
  educationLevel: string | null;
  skills: string[];
  /** The seeker's pay wish, or the vacancy's top pay. */
  pay: number | null;
}

const MAX_REST = P.pay.fits + P.education.meets + P.skills;
const level = (value: string | null) => (value ? EDUCATION_LEVELS.indexOf(value as never) : -1);

function payReason(desired: number | null, payTo: number | null): MatchReason {
  const max = P.pay.fits;
  const params = { desired, payTo };
  if (desired == null || payTo == null) return { factor: 'pay', fit: 'unknown', points: P.pay.unknown, max, params };
  if (desired <= payTo) return { factor: 'pay', fit: 'fits', points: P.pay.fits, max, params };
  if (desired * 100 <= payTo * (100 + PAY_CLOSE_PERCENT))
    return { factor: 'pay', fit: 'close', points: P.pay.close, max, params };
  return { factor: 'pay', fit: 'below', points: P.pay.below, max, params };
}

function educationReason(has: string | null, needs: string | null): MatchReason {
  const max = P.education.meets;
  const params = { has, needs };
  if (!needs) return { factor: 'education', fit: 'notAsked', points: max, max, params };
  if (!has) return { factor: 'education', fit: 'unknown', points: P.education.below, max, params };
  const gap = level(needs) - level(has);
  if (gap <= 0) return { factor: 'education', fit: 'meets', points: max, max, params };
  if (gap === 1) return { factor: 'education', fit: 'oneBelow', points: P.education.oneBelow, max, params };
  return { factor: 'education', fit: 'below', points: P.education.below, max, params };
}

/** Skills the vacancy asks that the seeker has; a vacancy asking none takes every seeker's skills as enough. */
function skillsReason(has: string[], asked: string[]): MatchReason {
  const max = P.skills;
  if (!asked.length) return { factor: 'skills', fit: 'notAsked', points: max, max, params: {} };
  const common = asked.filter((s) => has.includes(s));
  return {
    factor: 'skills',
    fit: common.length ? 'some' : 'none',
    points: Math.floor((max * common.length) / asked.length),
    max,
    params: { common: common.join(', '), count: common.length, total: asked.length },
  };
}

/** The statement's ranking inside a bucket, the same sums as the reasons above (checked by the tests). */
function restScore(side: 'vacancy' | 'seeker', origin: Profile): RawBuilder<number> {
  const levels = sql`${sql.val([...EDUCATION_LEVELS])}::text[]`;
  if (side === 'vacancy') {
    // Candidates are vacancies; the seeker's wish, education and skills are fixed.
    const has = origin.skills;
    const hasLevel = level(origin.educationLevel) + 1;
    return sql<number>`(case when ${origin.pay}::bigint is null or t.pay_to is null then ${P.pay.unknown}
        when ${origin.pay}::bigint <= t.pay_to then ${P.pay.fits}
        when ${origin.pay}::bigint * 100 <= t.pay_to * ${100 + PAY_CLOSE_PERCENT} then ${P.pay.close} else ${P.pay.below} end)::int
      + (case when t.education_level is null then ${P.education.meets}
        when ${hasLevel}::int = 0 then ${P.education.below}
        when array_position(${levels}, t.education_level) <= ${hasLevel}::int then ${P.education.meets}
        when array_position(${levels}, t.education_level) = ${hasLevel}::int + 1 then ${P.education.oneBelow}
        else ${P.education.below} end)::int
      + (case when t.skills is null then ${P.skills} else
        (${P.skills} * cardinality(array(select unnest(string_to_array(t.skills, ','))
            intersect select unnest(${sql.val(has)}::text[])))) / cardinality(string_to_array(t.skills, ',')) end)::int`;
  }
  // Candidates are seekers; the vacancy's top pay, education and skills are fixed.
  const asked = origin.skills;
  const needs = level(origin.educationLevel) + 1;
  return sql<number>`(case when t.desired_pay is null or ${origin.pay}::bigint is null then ${P.pay.unknown}
      when t.desired_pay <= ${origin.pay}::bigint then ${P.pay.fits}
      when t.desired_pay * 100 <= ${origin.pay}::bigint * ${100 + PAY_CLOSE_PERCENT} then ${P.pay.close} else ${P.pay.below} end)::int
    + (case when ${needs}::int = 0 then ${P.education.meets}
      when t.education_level is null then ${P.education.below}
      when array_position(${levels}, t.education_level) >= ${needs}::int then ${P.education.meets}
      when array_position(${levels}, t.education_level) = ${needs}::int - 1 then ${P.education.oneBelow}
      else ${P.education.below} end)::int
    + ${
      asked.length
        ? sql`(${P.skills} * cardinality(array(select unnest(string_to_array(coalesce(t.skills, ''), ','))
            intersect select unnest(${sql.val(asked)}::text[])))) / ${asked.length}`
        : sql`${P.skills}`
    }`;
}

interface Bucket {
  occupation: 'same' | 'group';
  band: DistanceBand;
  ids: string[];
  communes: { in: string[] } | { notIn: string[] };
  best: number;
}

/** The buckets a search reads, best possible score first. */
function bucketsOf(origin: Profile, family: string[]): Bucket[] {
  const bands = bandsAround(origin.commune?.id ?? null);
  const occupations = [
    { occupation: 'same' as const, ids: [origin.occupation.id] },
    { occupation: 'group' as const, ids: family },
  ];
  const places: { band: DistanceBand; communes: Bucket['communes'] }[] = [
    { band: 'same', communes: { in: bands.same } },
    { band: 'near', communes: { in: bands.near } },
    { band: 'reachable', communes: { in: bands.reachable } },
    // Far and unknown bring no points: one bucket, everything beyond reach.
    { band: 'far', communes: { notIn: [...bands.same, ...bands.near, ...bands.reachable] } },
  ];
  const out: Bucket[] = [];
  for (const o of occupations) {
    if (!o.ids.length) continue;
    for (const p of places) {
      if ('in' in p.communes && !p.communes.in.length) continue;
      out.push({ ...o, ...p, best: P.occupation[o.occupation] + P.distance[p.band] + MAX_REST });
    }
  }
  return out.sort((a, b) => b.best - a.best);
}

export interface Candidate {
  id: string;
  code: string;
  occupation: Named;
  commune: Named | null;
  educationLevel: string | null;
  skills: string | null;
  /** The candidate's side of pay: a vacancy's top pay, a seeker's wish. */
  pay: number | null;
  row: Record<string, unknown>;
}

export interface Scored<C> {
  candidate: C;
  score: number;
  distanceBand: DistanceBand;
  /** As answered: a param not known is left out. */
  reasons: (Omit<MatchReason, 'params'> & { params: Record<string, string | number> })[];
}

/** One side of matching: where its candidates live and how they are read. */
export interface MatchSide {
  side: 'vacancy' | 'seeker';
  /** The candidates' table, its live-and-available condition (over alias `t`) and its tie-break order. */
  table: string;
  available: (today: string) => RawBuilder<unknown>;
  order: RawBuilder<unknown>;
  /** Reads the kept ids with what the answer shows, in the given order. */
  load: (db: Executor, ids: string[]) => Promise<Candidate[]>;
}

function explain(origin: Profile, side: 'vacancy' | 'seeker', c: Candidate, occupation: 'same' | 'group') {
  const seekerSide = side === 'vacancy' ? origin : c;
  const vacancySide = side === 'vacancy' ? c : origin;
  const d = distanceBetween(origin.commune?.id ?? null, c.commune?.id ?? null);
  const seekerSkills = side === 'vacancy' ? origin.skills : skillList(c.skills);
  const askedSkills = side === 'vacancy' ? skillList(c.skills) : origin.skills;
  const reasons: MatchReason[] = [
    {
      factor: 'occupation',
      fit: occupation,
      points: P.occupation[occupation],
      max: P.occupation.same,
      params: { occupation: origin.occupation.name, other: c.occupation.name, group: origin.group?.name ?? null },
    },
    {
      factor: 'distance',
      fit: d.band,
      points: P.distance[d.band],
      max: P.distance.same,
      params: { km: d.km, commune: c.commune?.name ?? null },
    },
    payReason(seekerSide.pay, vacancySide.pay),
    educationReason(seekerSide.educationLevel, vacancySide.educationLevel),
    skillsReason(seekerSkills, askedSkills),
  ];
  return {
    score: reasons.reduce((s, r) => s + r.points, 0),
    distanceBand: d.band,
    reasons: reasons.map((r) => ({ ...r, params: known(r.params) })),
  };
}

/**
 * The best `limit` candidates of `side` for `origin`, best first (ties: the side's own order). `extra` narrows
 * the candidates further (an employer sees only the seekers who agreed to share).
 */
export async function findMatches(
  db: Executor,
  side: MatchSide,
  origin: Profile,
  family: string[],
  options: { limit: number; today: string; extra?: RawBuilder<unknown> },
): Promise<Scored<Candidate>[]> {
  const rest = restScore(side.side, origin);
  // The statements score what ranks (`rest` plus the bucket's fixed points); `seq`, the order read (buckets best
  // first, each in its statement's order), breaks ties. Only the kept ones are read in full, once, at the end.
  let kept: { id: string; score: number; occupation: 'same' | 'group'; seq: number }[] = [];
  let seq = 0;
  for (const bucket of bucketsOf(origin, family)) {
    if (kept.length >= options.limit && kept[options.limit - 1]!.score >= bucket.best) break;
    const communes =
      'in' in bucket.communes
        ? sql`t.admin_unit_id = any(${sql.val(bucket.communes.in)}::text[])`
        : bucket.communes.notIn.length
          ? sql`not (t.admin_unit_id = any(${sql.val(bucket.communes.notIn)}::text[]))`
          : sql`true`;
    const rows = await sql<{ id: string; rest: number }>`select t.id, ${rest} as rest from ${sql.table(side.table)} as t
      where ${side.available(options.today)} and t.occupation_id = any(${sql.val(bucket.ids)}::uuid[])
        and ${communes} ${options.extra ? sql`and ${options.extra}` : sql``}
      order by 2 desc, ${side.order} limit ${options.limit}`.execute(db);
    const fixed = bucket.best - MAX_REST;
    for (const r of rows.rows)
      kept.push({ id: r.id, score: fixed + Number(r.rest), occupation: bucket.occupation, seq: seq++ });
    kept = kept.sort((a, b) => b.score - a.score || a.seq - b.seq).slice(0, options.limit);
  }
  if (!kept.length) return [];
  const loaded = new Map(
    (
      await side.load(
        db,
        kept.map((k) => k.id),
      )
    ).map((c) => [c.id, c]),
  );
  return kept.flatMap((k) => {
    const c = loaded.get(k.id);
    return c ? [{ candidate: c, ...explain(origin, side.side, c, k.occupation) }] : [];
  });
}
