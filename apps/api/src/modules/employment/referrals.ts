import type { FastifyRequest } from 'fastify';
import { sql, type Expression, type SqlBool, type Transaction } from 'kysely';
import type { z } from 'zod';
import {
  EMPLOYMENT_RULES,
  REFERRAL_OPEN,
  referralWorkflow,
  type ReferralAction,
  type ReferralActor,
  type ReferralStatus,
} from '@portal/domain/employment/referrals';
import type {
  referralCreateBody,
  referralDetail,
  referralFollowUpBody,
  referralListQuery,
  referralMoveBody,
  referralSummary,
} from '@portal/domain/employment/schemas';
import { notificationLinks, type NotificationKindName } from '@portal/domain/notifications/kinds';
import { translate, type Language } from '@portal/domain/i18n';
import { catalogOperations, type OpContext } from '../../catalog/index.ts';
import type { Db } from '../../db/database.ts';
import type { DB } from '../../db/schema.ts';
import { matchesKeyword } from '../../db/search.ts';
import { permits, type Principal } from '../../platform/access/index.ts';
import { scopeCondition, scopeOf } from '../../platform/access/scope.ts';
import { clock } from '../../platform/clock/index.ts';
import { deadlineEnd, deadlineInForce } from '../../platform/deadlines/index.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import { historyOf, recordEvent, workflowRules, type EventTable } from '../../platform/workflow/index.ts';

/**
 * Referrals of job seekers to vacancies. Every move goes through the referral workflow's guard (domain
 * `referralWorkflow`): the employer answers, the centre cancels, the nightly task lets unanswered ones lapse.
 * A hire sets the follow-up due (the deadline rule in force on the hire date), marks the seeker placed, and fills
 * the vacancy once its number is reached.
 */

type Detail = z.input<typeof referralDetail>;
type Summary = z.input<typeof referralSummary>;

const rules = workflowRules(referralWorkflow, { prefix: 'employment:referrals' });
const EVENTS: EventTable = { table: 'job_referral_event', key: 'referral_id' };

/** The employer's users answer; everyone else who holds the permission acts for the centre. */
export function referralActor(principal: Principal | null): ReferralActor | null {
  if (!principal) return null;
  return scopeOf(principal).kind === 'business' ? 'employer' : 'centre';
}

function visible(principal: Principal | null): Expression<SqlBool>[] {
  const where: Expression<SqlBool>[] = [sql<SqlBool>`r.deleted_at is null`];
  const scope = scopeCondition(principal, { businessColumn: 'r.business_id', localUnitColumn: 'r.seeker_ward' });
  if (scope) where.push(scope);
  return where;
}

const SELECT = sql`r.id, r.code, r.status, r.version, r.referred_on::text as referred_on,
  r.expires_on::text as expires_on, r.hired_date::text as hired_date, r.follow_up_due::text as follow_up_due,
  r.followed_up_on::text as followed_up_on, r.refusal_reason, r.note, r.reason, r.follow_up_note, r.still_employed,
  s.id as seeker_id, s.code as seeker_code, s.full_name as seeker_name,
  extract(year from s.birth_date)::int as birth_year, s.phone, s.education_level, o.name as occupation,
  a.full_name as commune, v.id as vacancy_id, v.code as vacancy_code, v.title as vacancy_title,
  b.id as business_id, b.name as business_name`;
const FROM = sql`from job_referral r join job_seeker s on s.id = r.seeker_id join vacancy v on v.id = r.vacancy_id
  join business b on b.id = r.business_id join type_of_profession o on o.id = s.occupation_id
  left join admin_unit a on a.id = s.admin_unit_id`;

type Row = Record<string, unknown> & { id: string; status: ReferralStatus; version: number };

function actionsFor(principal: Principal | null, status: ReferralStatus): ReferralAction[] {
  const actor = referralActor(principal);
  if (!actor || !permits(principal, 'JobReferral.update')) return [];
  return referralWorkflow.actionsFor(status, actor);
}

function summaryOf(r: Row, principal: Principal | null, today: string): Summary {
  return {
    id: r.id,
    code: String(r.code),
    status: r.status,
    seeker: {
      id: String(r.seeker_id),
      code: String(r.seeker_code),
      fullName: String(r.seeker_name),
      birthYear: r.birth_year == null ? null : Number(r.birth_year),
    },
    vacancy: { id: String(r.vacancy_id), code: String(r.vacancy_code), title: String(r.vacancy_title) },
    employer: { id: String(r.business_id), name: String(r.business_name) },
    referredOn: String(r.referred_on),
    expiresOn: (r.expires_on as string | null) ?? null,
    hiredDate: (r.hired_date as string | null) ?? null,
    followUpDue: (r.follow_up_due as string | null) ?? null,
    followedUpOn: (r.followed_up_on as string | null) ?? null,
    refusalReason: (r.refusal_reason as Summary['refusalReason']) ?? null,
    actions: actionsFor(principal, r.status),
    canFollowUp:
      r.status === 'hired' &&
      referralActor(principal) === 'centre' &&
      permits(principal, 'JobReferral.update') &&
      !!r.follow_up_due &&
      String(r.follow_up_due) <= addDaysText(today, 30),
    version: Number(r.version),
  };
}

const addDaysText = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

export async function listReferrals(
  ctx: OpContext,
  q: z.infer<typeof referralListQuery>,
  today = clock.today(),
): Promise<{ pageLists: Summary[]; totalRecord: number }> {
  const where = [...visible(ctx.principal)];
  if (q.status) where.push(sql<SqlBool>`r.status = ${q.status}`);
  if (q.waiting === 'true') where.push(sql<SqlBool>`r.status = any(${sql.val([...REFERRAL_OPEN])}::text[])`);
  if (q.followUpDue === 'true')
    where.push(sql<SqlBool>`r.status = 'hired' and r.followed_up_on is null and r.follow_up_due <= ${today}::date`);
  if (q.seekerId) where.push(sql<SqlBool>`r.seeker_id = ${q.seekerId}`);
  if (q.vacancyId) where.push(sql<SqlBool>`r.vacancy_id = ${q.vacancyId}`);
  if (q.keyWord)
    where.push(matchesKeyword(['r.code', 's.full_name', 'v.title', 'b.name'], q.keyWord) as Expression<SqlBool>);
  const rows = await sql<Row & { total: number }>`select ${SELECT}, count(*) over ()::int as total ${FROM}
    where ${sql.join(where, sql` and `)}
    order by r.referred_on desc, r.code desc limit ${q.pageSize} offset ${(q.pageNumber - 1) * q.pageSize}`.execute(
    ctx.db,
  );
  return {
    totalRecord: rows.rows[0]?.total ?? 0,
    pageLists: rows.rows.map((r) => summaryOf(r, ctx.principal, today)),
  };
}

/** Referrals in the caller's scope counted for its workspace. */
export async function countReferrals(
  db: Db,
  principal: Principal,
  which: 'waiting' | 'followUpDue',
  today: string,
): Promise<number> {
  const where = [...visible(principal)];
  where.push(
    which === 'waiting'
      ? sql<SqlBool>`r.status = any(${sql.val([...REFERRAL_OPEN])}::text[])`
      : sql<SqlBool>`r.status = 'hired' and r.followed_up_on is null and r.follow_up_due <= ${today}::date`,
  );
  const row = await sql<{ n: number }>`select count(*)::int as n from job_referral r
    where ${sql.join(where, sql` and `)}`.execute(db);
  return row.rows[0]?.n ?? 0;
}

export async function readReferral(ctx: OpContext, id: string, today = clock.today()): Promise<Detail> {
  const row = (
    await sql<Row>`select ${SELECT} ${FROM} where r.id = ${id} and ${sql.join(visible(ctx.principal), sql` and `)}`.execute(
      ctx.db,
    )
  ).rows[0];
  if (!row) throw new AppError(404, 'NOT_FOUND');
  return {
    ...summaryOf(row, ctx.principal, today),
    note: (row.note as string | null) ?? null,
    reason: (row.reason as string | null) ?? null,
    followUpNote: (row.follow_up_note as string | null) ?? null,
    stillEmployed: (row.still_employed as boolean | null) ?? null,
    seekerContact: {
      phone: (row.phone as string | null) ?? null,
      educationLevel: (row.education_level as string | null) ?? null,
      occupation: String(row.occupation),
      commune: (row.commune as string | null) ?? null,
    },
    history: await historyOf(ctx.db as Db, EVENTS, id),
  };
}

const fieldError = (l: Language, field: string, key: string, vars: Record<string, string | number> = {}) => ({
  field,
  code: key,
  message: translate(l, `employment:referrals.validation.${key}`, vars),
});

async function notify(
  trx: Transaction<DB>,
  request: FastifyRequest | null,
  kind: NotificationKindName,
  to: { businessId?: string; users?: string[] },
  params: Record<string, string | number>,
  id: string,
): Promise<void> {
  if (!request) return;
  const recipients = {
    ...(to.users ? { users: to.users } : {}),
    ...(to.businessId ? { scopes: [{ kind: 'employer' as const, businessId: to.businessId }] } : {}),
  };
  await request.server.notifier.notify(trx, recipients, kind, params, notificationLinks.referral(id), { request });
}

/**
 * The centre refers a person to a vacancy: both in its scope, the person still looking and agreeing to share
 * the profile, the vacancy open; one live referral per person and vacancy. It lapses after the days the rule in
 * force on the referral's date gives, unless the employer answers.
 */
export async function createReferral(
  ctx: OpContext,
  body: z.infer<typeof referralCreateBody>,
  today = clock.today(),
): Promise<string> {
  const l = ctx.lang;
  if (referralActor(ctx.principal) !== 'centre')
    throw rules.refusal('notYourStep', l, { action: rules.actionLabel(l, 'refer') });
  await catalogOperations('jobSeeker').get(ctx, body.seekerId);
  await catalogOperations('vacancy').get(ctx, body.vacancyId);
  const facts = (
    await sql<{
      seeker_status: string;
      consent: boolean | null;
      ward: string | null;
      full_name: string;
      vacancy_status: string;
      closing_date: string;
      title: string;
      business_id: string;
    }>`select s.status as seeker_status, s.consent_to_share as consent, s.admin_unit_id as ward, s.full_name,
        v.status as vacancy_status, v.closing_date::text as closing_date, v.title, v.business_id
      from job_seeker s, vacancy v where s.id = ${body.seekerId} and v.id = ${body.vacancyId}`.execute(ctx.db)
  ).rows[0]!;
  const details = [];
  if (facts.seeker_status !== 'seeking') details.push(fieldError(l, 'seekerId', 'notSeeking'));
  if (!facts.consent) details.push(fieldError(l, 'seekerId', 'noConsent'));
  if (facts.vacancy_status !== 'open' || facts.closing_date < today)
    details.push(fieldError(l, 'vacancyId', 'vacancyClosed'));
  if (details.length) throw new AppError(400, 'VALIDATION', { details });
  const expiry = await deadlineInForce(ctx.db, EMPLOYMENT_RULES.referralExpiryDays, today);
  const run = async (trx: Transaction<DB>) => {
    const live = await sql<{ id: string }>`select id from job_referral where seeker_id = ${body.seekerId}
      and vacancy_id = ${body.vacancyId} and deleted_at is null and status not in ('cancelled', 'expired')
      for update`.execute(trx);
    if (live.rows.length)
      throw new AppError(409, 'REFERRAL_EXISTS', { messageKey: 'employment:referrals.errors.REFERRAL_EXISTS' });
    const year = today.slice(0, 4);
    // Codes are numbered per year; the advisory lock keeps two referrals of the same moment from taking one number.
    await sql`select pg_advisory_xact_lock(hashtext(${`job_referral_code_${year}`}))`.execute(trx);
    const n = await sql<{ n: number }>`select count(*)::int + 1 as n from job_referral
      where code like ${`GT-${year}-%`}`.execute(trx);
    const row = await trx
      .insertInto('job_referral')
      .values({
        code: `GT-${year}-${String(n.rows[0]!.n).padStart(5, '0')}`,
        seeker_id: body.seekerId,
        vacancy_id: body.vacancyId,
        business_id: facts.business_id,
        seeker_ward: facts.ward,
        note: body.note,
        referred_on: today,
        expires_on: deadlineEnd(today, expiry),
        referred_by: ctx.principal?.userId ?? null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await recordEvent(trx, EVENTS, {
      id: row.id,
      action: 'refer',
      from: null,
      to: 'new',
      actorId: ctx.principal?.userId ?? null,
    });
    await notify(
      trx,
      ctx.request,
      'referralCreated',
      { businessId: facts.business_id },
      { seeker: facts.full_name, vacancy: facts.title },
      row.id,
    );
    return row.id;
  };
  return ctx.db.isTransaction ? run(ctx.db as Transaction<DB>) : (ctx.db as Db).transaction().execute(run);
}

/** A move of the workflow by the caller: answer (employer), cancel (centre). */
export async function moveReferral(
  ctx: OpContext,
  id: string,
  action: ReferralAction,
  body: z.infer<typeof referralMoveBody>,
  today = clock.today(),
): Promise<void> {
  const l = ctx.lang;
  const current = await readReferral(ctx, id, today);
  const actor = referralActor(ctx.principal);
  const to = rules.guard(
    { status: current.status, version: current.version },
    { lang: l, action, actor, allowed: permits(ctx.principal, 'JobReferral.update'), version: body.version },
  ) as ReferralStatus;
  const details = [];
  if (action === 'refuse' && !body.refusalReason) details.push(fieldError(l, 'refusalReason', 'required'));
  if (action === 'cancel' && !body.reason) details.push(fieldError(l, 'reason', 'required'));
  if (action === 'hire') {
    if (!body.hiredDate) details.push(fieldError(l, 'hiredDate', 'required'));
    else if (body.hiredDate > today) details.push(fieldError(l, 'hiredDate', 'notFuture'));
    else if (body.hiredDate < current.referredOn) details.push(fieldError(l, 'hiredDate', 'beforeReferral'));
  }
  if (details.length) throw new AppError(400, 'VALIDATION', { details });
  const followUp =
    action === 'hire'
      ? deadlineEnd(body.hiredDate!, await deadlineInForce(ctx.db, EMPLOYMENT_RULES.followUpMonths, body.hiredDate!))
      : null;
  await (ctx.db as Db).transaction().execute(async (trx) => {
    const changed = await trx
      .updateTable('job_referral')
      .set({
        status: to,
        version: sql<number>`version + 1`,
        updated_at: sql<Date>`now()`,
        ...(actor === 'employer' ? { answered_at: sql<Date>`coalesce(answered_at, now())` } : {}),
        ...(action === 'refuse' ? { refusal_reason: body.refusalReason ?? null, reason: body.reason ?? null } : {}),
        ...(action === 'cancel' ? { reason: body.reason ?? null } : {}),
        ...(action === 'hire' ? { hired_date: body.hiredDate!, follow_up_due: followUp } : {}),
      })
      .where('id', '=', id)
      .where('status', '=', current.status)
      .where('version', '=', current.version)
      .executeTakeFirst();
    if (Number(changed.numUpdatedRows) === 0) throw rules.refusal('stale', l);
    await recordEvent(trx, EVENTS, {
      id,
      action,
      from: current.status,
      to,
      actorId: ctx.principal?.userId ?? null,
      reason: body.reason ?? body.refusalReason ?? null,
    });
    if (action === 'hire') {
      await sql`update job_seeker set status = 'placed', updated_at = now() where id = ${current.seeker.id}`.execute(
        trx,
      );
      // The vacancy is filled once as many were hired through referrals as it asked for.
      await sql`update vacancy v set status = 'filled', updated_at = now() where v.id = ${current.vacancy.id}
        and v.status = 'open' and v.quantity <= (select count(*) from job_referral r
          where r.vacancy_id = v.id and r.status = 'hired' and r.deleted_at is null)`.execute(trx);
    }
    const referrer = await trx.selectFrom('job_referral').select('referred_by').where('id', '=', id).executeTakeFirst();
    const params = {
      seeker: current.seeker.fullName,
      vacancy: current.vacancy.title,
      business: current.employer.name,
      status: translate(l, `employment:referrals.statuses.${to}`),
      reason: body.reason ?? '',
    };
    const kind = referralWorkflow.notificationOf(action) as NotificationKindName;
    if (actor === 'employer' && referrer?.referred_by)
      await notify(trx, ctx.request, kind, { users: [referrer.referred_by] }, params, id);
    if (actor === 'centre') await notify(trx, ctx.request, kind, { businessId: current.employer.id }, params, id);
  });
}

/** The centre records how a placement went (Decree 23/2021 Form 04): once the follow-up comes near. */
export async function recordFollowUp(
  ctx: OpContext,
  id: string,
  body: z.infer<typeof referralFollowUpBody>,
  today = clock.today(),
): Promise<void> {
  const l = ctx.lang;
  const current = await readReferral(ctx, id, today);
  if (!current.canFollowUp)
    throw rules.refusal('invalidState', l, {
      action: rules.actionLabel(l, 'followUp'),
      status: rules.statusLabel(l, current.status),
    });
  const details = [];
  if (body.followedUpOn > today) details.push(fieldError(l, 'followedUpOn', 'notFuture'));
  if (current.hiredDate && body.followedUpOn < current.hiredDate)
    details.push(fieldError(l, 'followedUpOn', 'beforeHire'));
  if (details.length) throw new AppError(400, 'VALIDATION', { details });
  await (ctx.db as Db).transaction().execute(async (trx) => {
    await trx
      .updateTable('job_referral')
      .set({
        followed_up_on: body.followedUpOn,
        still_employed: body.stillEmployed,
        follow_up_note: body.note,
        version: sql<number>`version + 1`,
        updated_at: sql<Date>`now()`,
      })
      .where('id', '=', id)
      .execute();
    await recordEvent(trx, EVENTS, {
      id,
      action: 'followUp',
      from: 'hired',
      to: 'hired',
      actorId: ctx.principal?.userId ?? null,
      reason: body.note,
    });
  });
}

/**
 * The nightly work: unanswered referrals past their day lapse (the referrer is told), and open vacancies not
 * updated for the days the rule in force gives close (their employer is told). Idempotent for a day.
 */
export async function employmentNightly(
  db: Db,
  notifier: FastifyRequest['server']['notifier'],
  today: string,
): Promise<{ expired: number; closed: number }> {
  return db.transaction().execute(async (trx) => {
    const lapsed = await sql<{
      id: string;
      status: string;
      referred_by: string | null;
      seeker: string;
      vacancy: string;
    }>`
      with due as (select id, status from job_referral where deleted_at is null and status in ('new', 'inProgress')
        and expires_on < ${today}::date for update)
      update job_referral r set status = 'expired', version = r.version + 1, updated_at = now()
      from due, job_seeker s, vacancy v where r.id = due.id and s.id = r.seeker_id and v.id = r.vacancy_id
      returning r.id, due.status, r.referred_by, s.full_name as seeker, v.title as vacancy`.execute(trx);
    for (const r of lapsed.rows) {
      await recordEvent(trx, EVENTS, { id: r.id, action: 'expire', from: r.status, to: 'expired', actorId: null });
      if (r.referred_by)
        await notifier.notify(
          trx,
          { users: [r.referred_by] },
          'referralExpired',
          { seeker: r.seeker, vacancy: r.vacancy },
          notificationLinks.referral(r.id),
        );
    }
    const stale = await deadlineInForce(trx, EMPLOYMENT_RULES.vacancyStaleDays, today);
    const since = addDaysText(today, -stale.amount);
    const closed = await sql<{ id: string; title: string; business_id: string }>`update vacancy set status = 'closed'
      where deleted_at is null and status = 'open' and updated_at < ${since}::date
      returning id, title, business_id`.execute(trx);
    for (const v of closed.rows)
      await notifier.notify(
        trx,
        { scopes: [{ kind: 'employer', businessId: v.business_id }] },
        'vacancyClosedStale',
        { vacancy: v.title, days: stale.amount },
        notificationLinks.vacancies(),
      );
    return { expired: lapsed.rows.length, closed: closed.rows.length };
  });
}
