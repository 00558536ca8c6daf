import { sql } from 'kysely';
import type { z } from 'zod';
import type { boardItem, boardQuery } from '@portal/domain/employment/schemas';
import { catalogOperations, type OpContext } from '../../catalog/index.ts';
import type { Executor } from '../../catalog/context.ts';
import { matchesKeyword } from '../../db/search.ts';
import { clock } from '../../platform/clock/index.ts';
import { scopeOf } from '../../platform/access/scope.ts';
import { findMatches, type Candidate, type MatchSide, type Profile } from './matching.ts';
import { skillList } from './skills.ts';

const num = (v: unknown) => (v == null ? null : Number(v));
const named = (id: unknown, name: unknown) => (id && name ? { id: String(id), name: String(name) } : null);

/** A candidate as matching reads it, from a row with the columns both sides select alike. */
const candidateOf = (r: Record<string, unknown>, pay: number | null): Candidate => ({
  id: String(r.id),
  code: String(r.code),
  occupation: named(r.occupation_id, r.occupation)!,
  commune: named(r.admin_unit_id, r.commune),
  educationLevel: (r.education_level as string | null) ?? null,
  skills: (r.skills as string | null) ?? null,
  pay,
  row: r,
});

/** Open vacancies, matched for a job seeker. */
const vacancies: MatchSide = {
  side: 'vacancy',
  table: 'vacancy',
  available: (today) => sql`t.deleted_at is null and t.status = 'open' and t.closing_date >= ${today}::date`,
  // Among equals, the vacancy closing soonest first: it needs the seeker soonest.
  order: sql`t.closing_date, t.id`,
  async load(db, ids) {
    const rows = await sql<Record<string, unknown>>`select v.id, v.code, v.title, v.business_id, b.name as employer,
        v.occupation_id, o.name as occupation, v.admin_unit_id, a.full_name as commune, v.quantity::int as quantity,
        v.pay_from::float8 as pay_from, v.pay_to::float8 as pay_to, v.closing_date::text as closing_date,
        v.education_level, v.skills
      from vacancy v join type_of_profession o on o.id = v.occupation_id
        left join business b on b.id = v.business_id left join admin_unit a on a.id = v.admin_unit_id
      where v.id = any(${sql.val(ids)}::uuid[])`.execute(db);
    return rows.rows.map((r) => candidateOf(r, num(r.pay_to)));
  },
};

/** Job seekers still looking, matched for a vacancy. */
const seekers: MatchSide = {
  side: 'seeker',
  table: 'job_seeker',
  available: () => sql`t.deleted_at is null and t.status = 'seeking'`,
  // Among equals, whoever registered first: the longest wait first.
  order: sql`t.registered_date, t.id`,
  async load(db, ids) {
    const rows = await sql<Record<string, unknown>>`select s.id, s.code, s.full_name,
        extract(year from s.birth_date)::int as birth_year, s.occupation_id, o.name as occupation, s.admin_unit_id,
        a.full_name as commune, s.education_level, s.experience_years::float8 as experience_years,
        s.desired_pay::float8 as desired_pay, s.skills
      from job_seeker s join type_of_profession o on o.id = s.occupation_id
        left join admin_unit a on a.id = s.admin_unit_id
      where s.id = any(${sql.val(ids)}::uuid[])`.execute(db);
    return rows.rows.map((r) => candidateOf(r, num(r.desired_pay)));
  },
};

/** The record matched for, read in the caller's scope first (404 outside it, 403 without the permission). */
async function profileOf(
  ctx: OpContext,
  area: 'jobSeeker' | 'vacancy',
  id: string,
): Promise<{ profile: Profile; family: string[] }> {
  await catalogOperations(area).get(ctx, id);
  const table = area === 'jobSeeker' ? sql`job_seeker` : sql`vacancy`;
  const title = area === 'jobSeeker' ? sql`r.full_name` : sql`r.title`;
  const pay = area === 'jobSeeker' ? sql`r.desired_pay` : sql`r.pay_to`;
  const row = (
    await sql<Record<string, unknown>>`select r.id, r.code, ${title} as title, r.occupation_id, o.name as occupation,
        o.parent_id, g.name as group_name, r.admin_unit_id, a.full_name as commune, r.education_level, r.skills,
        ${pay}::float8 as pay,
        -- The same group: the occupation's parent, its siblings, its children.
        array(select f.id::text from type_of_profession f where f.deleted_at is null and f.id <> o.id
          and (f.id = o.parent_id or f.parent_id = o.id or f.parent_id = o.parent_id)) as family
      from ${table} r join type_of_profession o on o.id = r.occupation_id
        left join type_of_profession g on g.id = o.parent_id left join admin_unit a on a.id = r.admin_unit_id
      where r.id = ${id}`.execute(ctx.db)
  ).rows[0]!;
  const parentId = (row.parent_id as string | null) ?? null;
  return {
    family: (row.family as string[]) ?? [],
    profile: {
      id: String(row.id),
      code: String(row.code),
      title: String(row.title),
      occupation: named(row.occupation_id, row.occupation)!,
      // A group's own members share it: the group is the parent, or the occupation itself when it is a group.
      group: parentId ? named(parentId, row.group_name) : named(row.occupation_id, row.occupation),
      commune: named(row.admin_unit_id, row.commune),
      educationLevel: (row.education_level as string | null) ?? null,
      skills: skillList(row.skills as string | null),
      pay: num(row.pay),
    },
  };
}

const subjectOf = (p: Profile) => ({
  id: p.id,
  code: p.code,
  title: p.title,
  occupation: p.occupation,
  commune: p.commune,
});

/** The open vacancies that fit a job seeker, best first. */
export async function vacanciesForSeeker(ctx: OpContext, id: string, limit: number, today = clock.today()) {
  const { profile, family } = await profileOf(ctx, 'jobSeeker', id);
  const found = await findMatches(ctx.db, vacancies, profile, family, { limit, today });
  return {
    subject: subjectOf(profile),
    items: found.map(({ candidate: c, score, distanceBand, reasons }) => ({
      id: c.id,
      code: c.code,
      title: String(c.row.title),
      employer: named(c.row.business_id, c.row.employer),
      occupation: c.occupation,
      commune: c.commune,
      quantity: num(c.row.quantity),
      payFrom: num(c.row.pay_from),
      payTo: num(c.row.pay_to),
      closingDate: String(c.row.closing_date),
      score,
      distanceBand,
      reasons,
    })),
  };
}

/**
 * The job seekers who fit a vacancy, best first. An employer sees only those who agreed to share their profile,
 * and never a citizen ID or a phone number (the answer carries neither for anyone).
 */
export async function seekersForVacancy(ctx: OpContext, id: string, limit: number, today = clock.today()) {
  const { profile, family } = await profileOf(ctx, 'vacancy', id);
  const employer = scopeOf(ctx.principal).kind === 'business';
  const found = await findMatches(ctx.db, seekers, profile, family, {
    limit,
    today,
    ...(employer ? { extra: sql`t.consent_to_share` } : {}),
  });
  return {
    subject: subjectOf(profile),
    items: found.map(({ candidate: c, score, distanceBand, reasons }) => ({
      id: c.id,
      code: c.code,
      fullName: String(c.row.full_name),
      birthYear: num(c.row.birth_year),
      occupation: c.occupation,
      commune: c.commune,
      educationLevel: c.educationLevel,
      experienceYears: num(c.row.experience_years),
      desiredPay: c.pay,
      score,
      distanceBand,
      reasons,
    })),
  };
}

/** The public board: open vacancies of active employers, newest first; no personal data. */
export async function publicBoard(
  db: Executor,
  q: z.infer<typeof boardQuery>,
  today = clock.today(),
): Promise<{ pageLists: z.infer<typeof boardItem>[]; totalRecord: number }> {
  const where = sql.join(
    [
      sql`v.deleted_at is null and v.status = 'open' and v.closing_date >= ${today}::date`,
      sql`b.deleted_at is null`,
      ...(q.occupationId ? [sql`(v.occupation_id = ${q.occupationId} or o.parent_id = ${q.occupationId})`] : []),
      ...(q.adminUnitId ? [sql`v.admin_unit_id = ${q.adminUnitId}`] : []),
      ...(q.keyword ? [matchesKeyword(['v.title', 'o.name', 'b.name'], q.keyword)] : []),
    ],
    sql` and `,
  );
  const rows = await sql<Record<string, unknown>>`select v.id, v.code, v.title, b.name as employer,
      o.name as occupation, a.full_name as commune, v.quantity::int as quantity, v.pay_from::float8 as pay_from,
      v.pay_to::float8 as pay_to, v.contract_kind, v.education_level, v.requirements,
      v.closing_date::text as closing_date, v.posted_date::text as posted_date, count(*) over ()::int as total
    from vacancy v join type_of_profession o on o.id = v.occupation_id join business b on b.id = v.business_id
      left join admin_unit a on a.id = v.admin_unit_id
    where ${where}
    order by v.posted_date desc, v.id limit ${q.pageSize} offset ${(q.pageNumber - 1) * q.pageSize}`.execute(db);
  return {
    totalRecord: rows.rows.length ? Number(rows.rows[0]!.total) : 0,
    pageLists: rows.rows.map((r) => ({
      id: String(r.id),
      code: String(r.code),
      title: String(r.title),
      employer: (r.employer as string | null) ?? null,
      occupation: String(r.occupation),
      commune: (r.commune as string | null) ?? null,
      quantity: num(r.quantity),
      payFrom: num(r.pay_from),
      payTo: num(r.pay_to),
      contractKind: (r.contract_kind as string | null) ?? null,
      educationLevel: (r.education_level as string | null) ?? null,
      requirements: (r.requirements as string | null) ?? null,
      closingDate: String(r.closing_date),
      postedDate: (r.posted_date as string | null) ?? null,
    })),
  };
}

/**
 * The occupations open vacancies ask for, and their groups (the board filters by either), each with the open
 * vacancies it covers; in code order.
 */
export async function boardOccupations(db: Executor, today = clock.today()) {
  const rows = await sql<{ id: string; code: string; name: string; open: number }>`
    with open as (select v.occupation_id, count(*)::int as n from vacancy v join business b on b.id = v.business_id
      where v.deleted_at is null and v.status = 'open' and v.closing_date >= ${today}::date and b.deleted_at is null
      group by v.occupation_id)
    select o.id, o.code, o.name, (coalesce(sum(open.n), 0))::int as open
    from type_of_profession o join type_of_profession c on (c.id = o.id or c.parent_id = o.id)
      join open on open.occupation_id = c.id
    where o.deleted_at is null group by o.id, o.code, o.name order by o.code`.execute(db);
  return rows.rows;
}
