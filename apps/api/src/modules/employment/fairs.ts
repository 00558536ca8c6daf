import { randomInt } from 'node:crypto';
import { sql, type Transaction } from 'kysely';
import QRCode from 'qrcode';
import type { z } from 'zod';
import {
  FAIR_PAGES,
  TICKET_ALPHABET,
  type attendeeBody,
  type attendeeItem,
  type attendeeQuery,
  type checkInAnswer,
  type fairBoard,
  type fairFacts,
  type fairResults,
  type interviewBody,
  type publicCalendarQuery,
  type publicFair,
  type publicRegisterBody,
  type stallBody,
  type ticketAnswer,
} from '@portal/domain/employment/fairs';
import { translate, type Language } from '@portal/domain/i18n';
import { catalogOperations, type OpContext } from '../../catalog/index.ts';
import type { Db } from '../../db/database.ts';
import type { DB } from '../../db/schema.ts';
import { matchesKeyword } from '../../db/search.ts';
import { permits, type Principal } from '../../platform/access/index.ts';
import { scopeOf } from '../../platform/access/scope.ts';
import { clock } from '../../platform/clock/index.ts';
import { AppError } from '../../platform/errors/app-error.ts';

/**
 * Taking part in a job exchange session: employers' stalls with their open vacancies, job seekers' registrations
 * with a ticket each, the check-in at the door by the ticket's QR code, the interviews at each stall, and the
 * session's results counted from those rows (never typed).
 */

type Facts = z.input<typeof fairFacts>;
type Results = z.input<typeof fairResults>;

interface FairRow {
  id: string;
  code: string;
  title: string;
  kind: Facts['kind'];
  status: Facts['status'];
  held_on: string;
  start_time: string | null;
  end_time: string | null;
  place: string | null;
  commune: string | null;
  online_link: string | null;
  registration_closes: string | null;
  stall_capacity: number | null;
  description: string | null;
}

const FAIR_SELECT = sql`f.id, f.code, f.title, f.kind, f.status, f.held_on::text as held_on, f.start_time, f.end_time,
  f.place, a.full_name as commune, f.online_link, f.registration_closes::text as registration_closes,
  f.stall_capacity, f.description`;
const FAIR_FROM = sql`from job_fair f left join admin_unit a on a.id = f.admin_unit_id`;

/** Registrations are taken while the session is open, not past, and not after its closing day. */
function factsOf(f: FairRow, today: string): Facts {
  const past = f.held_on < today;
  return {
    id: f.id,
    code: f.code,
    title: f.title,
    kind: f.kind,
    status: f.status,
    heldOn: f.held_on,
    startTime: f.start_time,
    endTime: f.end_time,
    place: f.place,
    commune: f.commune,
    onlineLink: f.online_link,
    registrationCloses: f.registration_closes,
    description: f.description,
    registering: f.status === 'open' && !past && (!f.registration_closes || f.registration_closes >= today),
    past,
  };
}

/** Employers act for their own stall; everyone else who holds the permission acts for the centre. */
const isEmployer = (principal: Principal | null) => scopeOf(principal).kind === 'business';
const ownBusiness = (principal: Principal | null) => {
  const s = scopeOf(principal);
  return s.kind === 'business' ? s.businessId : null;
};

const fieldError = (l: Language, field: string, key: string, vars: Record<string, string | number> = {}) => ({
  field,
  code: key,
  message: translate(l, `employment:fairs.validation.${key}`, vars),
});
const invalid = (l: Language, field: string, key: string, vars: Record<string, string | number> = {}) =>
  new AppError(400, 'VALIDATION', { details: [fieldError(l, field, key, vars)] });
const refused = (key: string) => new AppError(403, 'FORBIDDEN', { messageKey: `employment:fairs.errors.${key}` });

/** The session as the caller may see it (the catalogue's own read decides: 404 when missing or deleted). */
async function fairOf(ctx: OpContext, id: string): Promise<FairRow> {
  await catalogOperations('jobFair').get(ctx, id);
  return (await sql<FairRow>`select ${FAIR_SELECT} ${FAIR_FROM} where f.id = ${id}`.execute(ctx.db)).rows[0]!;
}

async function resultsOf(db: Db, fairIds: readonly string[]): Promise<Map<string, Results>> {
  const out = new Map<string, Results>();
  if (!fairIds.length) return out;
  const ids = sql.val([...fairIds]);
  const rows = await sql<Results & { fair_id: string }>`
    select f.id as fair_id,
      (select count(*)::int from job_fair_stall s where s.fair_id = f.id) as employers,
      (select count(*)::int from job_fair_stall s, unnest(s.vacancy_ids) v where s.fair_id = f.id) as vacancies,
      (select coalesce(sum(v.quantity), 0)::int from job_fair_stall s join vacancy v on v.id = any(s.vacancy_ids)
        where s.fair_id = f.id) as positions,
      (select count(*)::int from job_fair_attendee t where t.fair_id = f.id) as "seekersRegistered",
      (select count(*)::int from job_fair_attendee t where t.fair_id = f.id and t.checked_in_at is not null)
        as "seekersCheckedIn",
      (select count(*)::int from job_fair_interview i where i.fair_id = f.id) as interviews,
      (select count(*)::int from job_fair_interview i where i.fair_id = f.id and i.outcome = 'shortlisted')
        as shortlisted,
      (select count(*)::int from job_fair_interview i where i.fair_id = f.id and i.outcome = 'hired') as hires
    from job_fair f where f.id = any(${ids}::uuid[])`.execute(db);
  for (const { fair_id, ...r } of rows.rows) out.set(fair_id, r);
  return out;
}

/** The session's page: its facts, results, stalls and interviews (an employer sees the interviews at its stall). */
export async function readBoard(ctx: OpContext, id: string, today = clock.today()): Promise<z.input<typeof fairBoard>> {
  const f = await fairOf(ctx, id);
  const facts = factsOf(f, today);
  const own = ownBusiness(ctx.principal);
  const stalls = await sql<{
    id: string;
    stall_no: number;
    business_id: string;
    business_name: string;
    contact_name: string | null;
    contact_phone: string | null;
    vacancies: { id: string; code: string; title: string; quantity: number | null }[] | null;
    interviews: number;
    hires: number;
  }>`select s.id, s.stall_no, s.business_id, b.name as business_name, s.contact_name, s.contact_phone,
      (select json_agg(json_build_object('id', v.id, 'code', v.code, 'title', v.title, 'quantity', v.quantity)
        order by v.code) from vacancy v where v.id = any(s.vacancy_ids)) as vacancies,
      (select count(*)::int from job_fair_interview i where i.stall_id = s.id) as interviews,
      (select count(*)::int from job_fair_interview i where i.stall_id = s.id and i.outcome = 'hired') as hires
    from job_fair_stall s join business b on b.id = s.business_id
    where s.fair_id = ${id} order by s.stall_no`.execute(ctx.db);
  const interviews = await sql<{
    id: string;
    stall_id: string;
    stall_no: number;
    employer: string;
    attendee_id: string;
    full_name: string;
    ticket: string;
    vacancy: string | null;
    outcome: z.input<typeof fairBoard>['interviews'][number]['outcome'];
    note: string | null;
    recorded_at: Date;
  }>`select i.id, i.stall_id, s.stall_no, b.name as employer, t.id as attendee_id, t.full_name, t.ticket,
      v.title as vacancy, i.outcome, i.note, i.recorded_at
    from job_fair_interview i join job_fair_stall s on s.id = i.stall_id join business b on b.id = s.business_id
      join job_fair_attendee t on t.id = i.attendee_id left join vacancy v on v.id = i.vacancy_id
    where i.fair_id = ${id} ${own ? sql`and s.business_id = ${own}` : sql``}
    order by i.recorded_at desc limit 500`.execute(ctx.db);
  const centre = !isEmployer(ctx.principal);
  return {
    fair: facts,
    results: (await resultsOf(ctx.db as Db, [id])).get(id)!,
    stalls: stalls.rows.map((s) => ({
      id: s.id,
      stallNo: s.stall_no,
      employer: { id: s.business_id, name: s.business_name },
      contactName: s.contact_name,
      contactPhone: s.contact_phone,
      vacancies: s.vacancies ?? [],
      interviews: s.interviews,
      hires: s.hires,
      own: s.business_id === own,
    })),
    interviews: interviews.rows.map((i) => ({
      id: i.id,
      stallId: i.stall_id,
      stallNo: i.stall_no,
      employer: i.employer,
      attendee: { id: i.attendee_id, fullName: i.full_name, ticket: i.ticket },
      vacancy: i.vacancy,
      outcome: i.outcome,
      note: i.note,
      recordedAt: i.recorded_at.toISOString(),
    })),
    can: {
      registerStall:
        facts.registering &&
        permits(ctx.principal, 'JobFairParticipation.create') &&
        (centre || !stalls.rows.some((s) => s.business_id === own)),
      registerSeekers: facts.registering && centre && permits(ctx.principal, 'JobFairParticipation.create'),
      checkIn:
        !facts.past && facts.status !== 'cancelled' && centre && permits(ctx.principal, 'JobFairParticipation.update'),
      seeAttendees: centre && permits(ctx.principal, 'JobFairParticipation.read'),
    },
  };
}

const transaction = <T>(db: OpContext['db'], run: (trx: Transaction<DB>) => Promise<T>): Promise<T> =>
  db.isTransaction ? run(db as Transaction<DB>) : (db as Db).transaction().execute(run);

/**
 * An employer takes a stall with some of its open vacancies (the centre may register any employer). Stalls are
 * numbered in the order taken; a second registration of the same employer changes its vacancies and contact.
 */
export async function registerStall(
  ctx: OpContext,
  id: string,
  body: z.infer<typeof stallBody>,
  today = clock.today(),
): Promise<string> {
  const l = ctx.lang;
  const f = await fairOf(ctx, id);
  if (!factsOf(f, today).registering) throw invalid(l, 'vacancyIds', 'closed');
  const own = ownBusiness(ctx.principal);
  const businessId = own ?? body.businessId;
  if (!businessId) throw invalid(l, 'businessId', 'employerRequired');
  if (own && body.businessId && body.businessId !== own) throw refused('notYourEmployer');
  const vacancies = await sql<{ id: string }>`select id from vacancy where id = any(${sql.val(body.vacancyIds)}::uuid[])
      and business_id = ${businessId} and deleted_at is null and status = 'open' and closing_date >= ${today}::date`.execute(
    ctx.db,
  );
  if (vacancies.rows.length !== new Set(body.vacancyIds).size) throw invalid(l, 'vacancyIds', 'vacancyNotOpen');
  return transaction(ctx.db, async (trx) => {
    // One numbering per session: the lock keeps two employers of the same moment from taking one stall.
    await sql`select pg_advisory_xact_lock(hashtext(${`job_fair_stall_${id}`}))`.execute(trx);
    const existing = await trx
      .selectFrom('job_fair_stall')
      .select('id')
      .where('fair_id', '=', id)
      .where('business_id', '=', businessId)
      .executeTakeFirst();
    const values = {
      vacancy_ids: [...new Set(body.vacancyIds)],
      contact_name: body.contactName,
      contact_phone: body.contactPhone,
    };
    if (existing) {
      await trx
        .updateTable('job_fair_stall')
        .set({ ...values, updated_at: sql<Date>`now()` })
        .where('id', '=', existing.id)
        .execute();
      return existing.id;
    }
    const taken = await sql<{ n: number; last: number }>`select count(*)::int as n,
      coalesce(max(stall_no), 0)::int as last from job_fair_stall where fair_id = ${id}`.execute(trx);
    const { n, last } = taken.rows[0]!;
    if (f.stall_capacity != null && n >= f.stall_capacity) throw invalid(l, 'vacancyIds', 'full');
    const row = await trx
      .insertInto('job_fair_stall')
      .values({
        fair_id: id,
        business_id: businessId,
        stall_no: last + 1,
        registered_by: ctx.principal?.userId ?? null,
        ...values,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  });
}

/** An employer withdraws its stall before any interview is recorded there (the centre may withdraw any). */
export async function withdrawStall(ctx: OpContext, id: string, stallId: string): Promise<void> {
  await fairOf(ctx, id);
  const stall = await ctx.db
    .selectFrom('job_fair_stall')
    .select(['id', 'business_id'])
    .where('id', '=', stallId)
    .where('fair_id', '=', id)
    .executeTakeFirst();
  const own = ownBusiness(ctx.principal);
  if (!stall || (own && stall.business_id !== own)) throw new AppError(404, 'NOT_FOUND');
  await transaction(ctx.db, async (trx) => {
    const held = await trx
      .selectFrom('job_fair_interview')
      .select('id')
      .where('stall_id', '=', stallId)
      .executeTakeFirst();
    if (held) throw new AppError(409, 'CONFLICT', { messageKey: 'employment:fairs.errors.stallHasInterviews' });
    await trx.deleteFrom('job_fair_stall').where('id', '=', stallId).execute();
  });
}

function newTicket(): string {
  let t = '';
  for (let i = 0; i < 8; i++) t += TICKET_ALPHABET[randomInt(TICKET_ALPHABET.length)];
  return t;
}

/** The ticket as its holder gets it: the check-in address (what the QR code holds) and its QR image. */
export async function ticketOf(
  publicUrl: string,
  fair: Pick<FairRow, 'id' | 'title' | 'held_on' | 'place'>,
  attendee: { ticket: string; full_name: string },
  existing: boolean,
): Promise<z.input<typeof ticketAnswer>> {
  const checkInUrl = checkInUrlOf(publicUrl, attendee.ticket);
  return {
    ticket: attendee.ticket,
    fullName: attendee.full_name,
    fair: { id: fair.id, title: fair.title, heldOn: fair.held_on, place: fair.place },
    checkInUrl,
    qr: await QRCode.toDataURL(checkInUrl, { errorCorrectionLevel: 'M', margin: 1, width: 240 }),
    existing,
  };
}

export const checkInUrlOf = (publicUrl: string, ticket: string) =>
  `${publicUrl.replace(/\/+$/, '')}${FAIR_PAGES.checkIn}?ve=${ticket}`;

interface Person {
  fullName: string;
  phone: string | null;
  citizenId: string | null;
  seekerId: string | null;
  occupationWanted: string | null;
}

/**
 * Registers a person for a session, once: the same phone or citizen ID gets back the ticket given before. A
 * citizen ID the centre knows links the registration to that job seeker.
 */
async function register(
  db: OpContext['db'],
  fair: FairRow,
  person: Person,
  via: 'public' | 'centre',
  by: string | null,
): Promise<{ ticket: string; full_name: string; existing: boolean }> {
  return transaction(db, async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtext(${`job_fair_attendee_${fair.id}`}))`.execute(trx);
    const same = await sql<{ ticket: string; full_name: string }>`select ticket, full_name from job_fair_attendee
      where fair_id = ${fair.id} and (phone = ${person.phone} or citizen_id = ${person.citizenId}
        or seeker_id = ${person.seekerId})`.execute(trx);
    if (same.rows[0]) return { ...same.rows[0], existing: true };
    const seekerId =
      person.seekerId ??
      (person.citizenId
        ? ((
            await sql<{ id: string }>`select id from job_seeker where citizen_id = ${person.citizenId}
              and deleted_at is null`.execute(trx)
          ).rows[0]?.id ?? null)
        : null);
    for (let attempt = 0; ; attempt++) {
      const ticket = newTicket();
      const clash = await trx
        .selectFrom('job_fair_attendee')
        .select('id')
        .where('ticket', '=', ticket)
        .executeTakeFirst();
      if (clash && attempt < 5) continue;
      await trx
        .insertInto('job_fair_attendee')
        .values({
          fair_id: fair.id,
          ticket,
          full_name: person.fullName,
          phone: person.phone,
          citizen_id: person.citizenId,
          seeker_id: seekerId,
          occupation_wanted: person.occupationWanted,
          via,
          registered_by: by,
        })
        .execute();
      return { ticket, full_name: person.fullName, existing: false };
    }
  });
}

/** The centre registers one of its job seekers, or a person by name and phone. */
export async function registerAttendee(
  ctx: OpContext,
  id: string,
  body: z.infer<typeof attendeeBody>,
  publicUrl: string,
  today = clock.today(),
): Promise<z.input<typeof ticketAnswer>> {
  const l = ctx.lang;
  if (isEmployer(ctx.principal)) throw refused('centreOnly');
  const f = await fairOf(ctx, id);
  if (!factsOf(f, today).registering) throw invalid(l, 'fullName', 'closed');
  let person: Person;
  if (body.seekerId) {
    const s = (await catalogOperations('jobSeeker').get(ctx, body.seekerId)) as Record<string, unknown>;
    person = {
      fullName: String(s.fullName),
      phone: (s.phone as string | null) ?? null,
      citizenId: (s.citizenId as string | null) ?? null,
      seekerId: body.seekerId,
      occupationWanted: null,
    };
  } else {
    person = {
      fullName: body.fullName!,
      phone: body.phone ?? null,
      citizenId: body.citizenId ?? null,
      seekerId: null,
      occupationWanted: null,
    };
  }
  const made = await register(ctx.db, f, person, 'centre', ctx.principal?.userId ?? null);
  return ticketOf(publicUrl, f, made, made.existing);
}

/** The registrations of a session (the centre's: they are personal data), newest first. */
export async function listAttendees(
  ctx: OpContext,
  id: string,
  q: z.infer<typeof attendeeQuery>,
): Promise<{ pageLists: z.input<typeof attendeeItem>[]; totalRecord: number }> {
  if (isEmployer(ctx.principal)) throw refused('centreOnly');
  await fairOf(ctx, id);
  const where = [sql`t.fair_id = ${id}`];
  if (q.checkedIn === 'true') where.push(sql`t.checked_in_at is not null`);
  if (q.checkedIn === 'false') where.push(sql`t.checked_in_at is null`);
  if (q.keyWord) where.push(matchesKeyword(['t.ticket', 't.full_name', 't.phone'], q.keyWord));
  const rows = await sql<{
    id: string;
    ticket: string;
    full_name: string;
    phone: string | null;
    seeker_id: string | null;
    via: 'public' | 'centre';
    created_at: Date;
    checked_in_at: Date | null;
    total: number;
  }>`select t.id, t.ticket, t.full_name, t.phone, t.seeker_id, t.via, t.created_at, t.checked_in_at,
      count(*) over ()::int as total
    from job_fair_attendee t where ${sql.join(where, sql` and `)}
    order by t.created_at desc, t.ticket limit ${q.pageSize} offset ${(q.pageNumber - 1) * q.pageSize}`.execute(ctx.db);
  return {
    totalRecord: rows.rows[0]?.total ?? 0,
    pageLists: rows.rows.map((t) => ({
      id: t.id,
      ticket: t.ticket,
      fullName: t.full_name,
      phone: t.phone,
      seekerId: t.seeker_id,
      via: t.via,
      registeredAt: t.created_at.toISOString(),
      checkedInAt: t.checked_in_at?.toISOString() ?? null,
    })),
  };
}

/** The door: the ticket's holder is checked in once; a second scan says when the first was. */
export async function checkIn(
  ctx: OpContext,
  ticket: string,
  today = clock.today(),
): Promise<z.input<typeof checkInAnswer>> {
  const l = ctx.lang;
  if (isEmployer(ctx.principal)) throw refused('centreOnly');
  const found = await ctx.db
    .selectFrom('job_fair_attendee')
    .select(['id', 'fair_id', 'full_name', 'ticket', 'checked_in_at'])
    .where('ticket', '=', ticket)
    .executeTakeFirst();
  if (!found) throw invalid(l, 'ticket', 'unknownTicket');
  const f = await fairOf(ctx, found.fair_id);
  if (f.status === 'cancelled') throw invalid(l, 'ticket', 'cancelled');
  if (f.held_on !== today) throw invalid(l, 'ticket', 'notToday', { date: f.held_on });
  const updated = await ctx.db
    .updateTable('job_fair_attendee')
    .set({ checked_in_at: sql<Date>`now()`, checked_in_by: ctx.principal?.userId ?? null })
    .where('id', '=', found.id)
    .where('checked_in_at', 'is', null)
    .returning('checked_in_at')
    .executeTakeFirst();
  const at =
    updated?.checked_in_at ??
    (
      await ctx.db
        .selectFrom('job_fair_attendee')
        .select('checked_in_at')
        .where('id', '=', found.id)
        .executeTakeFirstOrThrow()
    ).checked_in_at!;
  return {
    attendee: { id: found.id, fullName: found.full_name, ticket: found.ticket },
    fair: { id: f.id, title: f.title, heldOn: f.held_on },
    checkedInAt: at.toISOString(),
    already: !updated,
  };
}

/**
 * A stall records an interview with a person who came (checked in) and what it came to; a later outcome for the
 * same person at the same stall replaces the earlier. An employer records at its own stall only.
 */
export async function recordInterview(
  ctx: OpContext,
  id: string,
  body: z.infer<typeof interviewBody>,
): Promise<string> {
  const l = ctx.lang;
  await fairOf(ctx, id);
  const stall = await ctx.db
    .selectFrom('job_fair_stall')
    .select(['id', 'business_id', 'vacancy_ids'])
    .where('id', '=', body.stallId)
    .where('fair_id', '=', id)
    .executeTakeFirst();
  const own = ownBusiness(ctx.principal);
  if (!stall || (own && stall.business_id !== own)) throw invalid(l, 'stallId', 'unknownStall');
  if (body.vacancyId && !stall.vacancy_ids.includes(body.vacancyId)) throw invalid(l, 'vacancyId', 'notAtStall');
  const attendee = await ctx.db
    .selectFrom('job_fair_attendee')
    .select(['id', 'checked_in_at'])
    .where('ticket', '=', body.ticket)
    .where('fair_id', '=', id)
    .executeTakeFirst();
  if (!attendee) throw invalid(l, 'ticket', 'unknownTicket');
  if (!attendee.checked_in_at) throw invalid(l, 'ticket', 'notCheckedIn');
  const row = await ctx.db
    .insertInto('job_fair_interview')
    .values({
      fair_id: id,
      stall_id: stall.id,
      attendee_id: attendee.id,
      vacancy_id: body.vacancyId,
      outcome: body.outcome,
      note: body.note,
      recorded_by: ctx.principal?.userId ?? null,
    })
    .onConflict((oc) =>
      oc.columns(['stall_id', 'attendee_id']).doUpdateSet({
        vacancy_id: body.vacancyId,
        outcome: body.outcome,
        note: body.note,
        recorded_by: ctx.principal?.userId ?? null,
        recorded_at: sql<Date>`now()`,
      }),
    )
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

// ------------------------------------------------------------------------------------------------ public

/** The public calendar: sessions not cancelled from the month asked, three months on, with who comes and offers what. */
export async function publicCalendar(
  db: Db,
  q: z.infer<typeof publicCalendarQuery>,
  today = clock.today(),
): Promise<z.input<typeof publicFair>[]> {
  const from = q.from ? `${q.from}-01` : `${today.slice(0, 7)}-01`;
  const fairs = await sql<FairRow>`select ${FAIR_SELECT} ${FAIR_FROM} where f.deleted_at is null
      and f.status <> 'cancelled' and f.held_on >= ${from}::date and f.held_on < (${from}::date + interval '3 months')
    order by f.held_on, f.start_time nulls last, f.code limit 100`.execute(db);
  if (!fairs.rows.length) return [];
  const stalls = await sql<{
    fair_id: string;
    name: string;
    stall_no: number;
    vacancies: string[] | null;
    positions: number;
  }>`
    select s.fair_id, b.name, s.stall_no,
      (select array_agg(v.title order by v.title) from vacancy v where v.id = any(s.vacancy_ids)) as vacancies,
      (select coalesce(sum(v.quantity), 0)::int from vacancy v where v.id = any(s.vacancy_ids)) as positions
    from job_fair_stall s join business b on b.id = s.business_id
    where s.fair_id = any(${sql.val(fairs.rows.map((f) => f.id))}::uuid[]) order by s.stall_no`.execute(db);
  return fairs.rows.map((f) => {
    const mine = stalls.rows.filter((s) => s.fair_id === f.id);
    return {
      ...factsOf(f, today),
      employers: mine.map((s) => ({ name: s.name, stallNo: s.stall_no, vacancies: s.vacancies ?? [] })),
      positions: mine.reduce((n, s) => n + s.positions, 0),
    };
  });
}

/** A person registers on the public calendar: no sign-in; the answer is their ticket only. */
export async function publicRegister(
  db: Db,
  lang: Language,
  id: string,
  body: z.infer<typeof publicRegisterBody>,
  publicUrl: string,
  today = clock.today(),
): Promise<z.input<typeof ticketAnswer>> {
  const f = (
    await sql<FairRow>`select ${FAIR_SELECT} ${FAIR_FROM} where f.id = ${id} and f.deleted_at is null`.execute(db)
  ).rows[0];
  if (!f) throw new AppError(404, 'NOT_FOUND');
  if (!factsOf(f, today).registering) throw invalid(lang, 'fullName', 'closed');
  const made = await register(
    db,
    f,
    {
      fullName: body.fullName,
      phone: body.phone,
      citizenId: body.citizenId,
      seekerId: null,
      occupationWanted: body.occupationWanted,
    },
    'public',
    null,
  );
  // The same phone or ID again gets the ticket back only when the name matches too: no one learns another's ticket.
  if (made.existing && made.full_name.toLocaleLowerCase('vi') !== body.fullName.toLocaleLowerCase('vi'))
    throw invalid(lang, 'phone', 'registeredByOther');
  return ticketOf(publicUrl, f, made, made.existing);
}

/** Sessions held in a period (plans count them). */
export async function sessionsHeld(db: Db, from: string, to: string): Promise<number> {
  const row = await sql<{ n: number }>`select count(*)::int as n from job_fair where deleted_at is null
    and status <> 'cancelled' and held_on between ${from}::date and ${to}::date`.execute(db);
  return row.rows[0]?.n ?? 0;
}
