import type { FastifyRequest } from 'fastify';
import { sql, type Transaction } from 'kysely';
import { ACCIDENT_PERMISSIONS, ACCIDENT_SUBJECT, accidentLink } from '@portal/domain/accidents/features';
import {
  accidentSeverity,
  accidentWorkflow,
  diffSnapshots,
  triggerMatches,
  victimCounts,
  vietnamMoment,
  type AccidentMove,
  type AccidentStatus,
  type Snapshot,
} from '@portal/domain/accidents/rules';
import {
  ACCIDENT_ACTIONS,
  type AccidentAction,
  type AccidentDetail,
  type AccidentVersions,
  type NewAccidentBody,
  type ReturnAccidentBody,
  type UpdateAccidentBody,
  type VictimInput,
} from '@portal/domain/accidents/schemas';
import { translate, type Language } from '@portal/domain/i18n';
import type { NotificationKindName } from '@portal/domain/notifications/kinds';
import type { Db } from '../../db/database.ts';
import type { DB } from '../../db/schema.ts';
import type { Executor } from '../../catalog/context.ts';
import { recordAudit } from '../../platform/audit/index.ts';
import { inLocalUnit } from '../../platform/access/scope.ts';
import { clock } from '../../platform/clock/index.ts';
import { AppError, type ErrorDetail } from '../../platform/errors/app-error.ts';
import { languageOf } from '../../platform/errors/handler.ts';
import { actorName, workflowRules } from '../../platform/workflow/index.ts';
import { accidentActorOf, accidentVisibleTo, callerOf, declarantKindOf, type Caller } from './access.ts';
import { routingRulesInForce } from './reference.ts';
import { withAccidents } from './tables.ts';

type Trx = Transaction<DB>;

/** One call's view: who, in which language, at which moment (the portal's clock). */
export interface AccidentCtx {
  db: Db;
  request: FastifyRequest | null;
  caller: Caller;
  lang: Language;
  now: Date;
  today: string;
}

export function accidentCtx(db: Db, request: FastifyRequest): AccidentCtx {
  return {
    db,
    request,
    caller: callerOf(request.principal),
    lang: languageOf(request),
    now: clock.now(),
    today: clock.today(),
  };
}

export const t = (lang: Language, key: string, vars: Record<string, string | number> = {}): string =>
  translate(lang, `accidents:${key}`, vars);

export function accidentError(
  status: number,
  code: string,
  vars: Record<string, string | number> = {},
  details: ErrorDetail[] = [],
): AppError {
  return new AppError(status, code, { messageKey: `accidents:errors.${code}`, vars, details });
}

const notFound = () => new AppError(404, 'NOT_FOUND');
const iso = (d: Date | string | null): string | null => (d ? new Date(d).toISOString() : null);

/** The refusals of a wrong status, as published for each move (an amendment is never refused for its status). */
const INVALID_STATE: Partial<Record<AccidentMove, string>> = {
  return: 'NOT_RETURNABLE',
  investigate: 'ALREADY_INVESTIGATED',
};

const rules = workflowRules(accidentWorkflow, {
  prefix: 'accidents',
  errors: 'accidents:errors',
  statuses: 'accidents:statuses',
  codes: {
    // Published by side: only the declarant amends; only the department returns and investigates.
    notYourStep: ({ actor }) => (actor === 'declarant' ? 'NOT_YOURS' : 'NOT_INVESTIGATOR'),
    invalidState: ({ action }) => INVALID_STATE[action as AccidentMove] ?? 'INVALID_STATE',
  },
});

/**
 * The workflow's verdict on this caller's move: 403 when the caller never takes it on this accident (or lacks the
 * permission), 409 when the accident changed since it was read or is not in a status that allows the move.
 */
export function guardAccident(
  ctx: AccidentCtx,
  row: Pick<AccidentRow, 'status' | 'version' | 'business_id' | 'declared_by_unit_id'>,
  action: Exclude<AccidentMove, 'conclude'>,
  version: number | undefined,
  allowed?: boolean,
): AccidentStatus {
  const actor = accidentActorOf(ctx.caller, row);
  return rules.guard(row, { lang: ctx.lang, action, actor, version, allowed }) as AccidentStatus;
}

// -------------------------------------------------------------------------------------------------- reading

/** An accident as the detail, the receipt and the lists read it. */
export interface AccidentRow {
  id: string;
  code: string;
  status: AccidentDetail['status'];
  severity: AccidentDetail['severity'];
  business_id: string | null;
  business_name: string | null;
  business_code: string | null;
  business_address: string | null;
  declarant_kind: 'employer' | 'commune';
  declared_by_unit_id: string;
  declared_by_unit_name: string | null;
  ward_id: string | null;
  ward_name: string | null;
  occurred_at: Date;
  notified_at: Date;
  place: string;
  description: string;
  victim_count: number;
  death_count: number;
  serious_count: number;
  accident_reason_id: string | null;
  accident_reason_name: string | null;
  injury_element_id: string | null;
  injury_element_name: string | null;
  allowance_case: boolean;
  property_damage: string | number;
  other_cost: string | number;
  risk_assessment_id: string | null;
  reporter_name: string | null;
  reporter_phone: string | null;
  return_reason: string | null;
  investigation_id: string | null;
  version: number;
  created_at: Date;
  updated_at: Date;
}

/** Columns over `accident a` with its joins (see `ACCIDENT_FROM`). */
export const ACCIDENT_SELECTION = sql`a.id, a.code, a.status, a.severity, a.business_id, b.name as business_name,
  b.code as business_code, b.address as business_address, a.declarant_kind, a.declared_by_unit_id,
  du.name as declared_by_unit_name, a.ward_id, w.full_name as ward_name, a.occurred_at, a.notified_at, a.place,
  a.description, a.victim_count, a.death_count, a.serious_count, a.accident_reason_id, ar.name as accident_reason_name,
  a.injury_element_id, ie.name as injury_element_name, a.allowance_case, a.property_damage, a.other_cost,
  a.risk_assessment_id, a.reporter_name, a.reporter_phone, a.return_reason,
  (select i.id from accident_investigation i where i.accident_id = a.id and i.deleted_at is null limit 1)
    as investigation_id,
  a.version, a.created_at, a.updated_at`;

export const ACCIDENT_FROM = sql`accident a
  left join business b on b.id = a.business_id
  left join unit du on du.id = a.declared_by_unit_id
  left join admin_unit w on w.id = a.ward_id
  left join accident_reason ar on ar.id = a.accident_reason_id
  left join injury_element ie on ie.id = a.injury_element_id`;

export async function findAccident(db: Executor, caller: Caller, id: string): Promise<AccidentRow | undefined> {
  const r = await sql<AccidentRow>`select ${ACCIDENT_SELECTION} from ${ACCIDENT_FROM}
    where a.id = ${id} and ${accidentVisibleTo(caller)}`.execute(db);
  return r.rows[0];
}

interface VictimRow {
  id: string;
  worker_id: string | null;
  full_name: string;
  female: boolean;
  birth_year: number | null;
  occupation_id: string | null;
  occupation_name: string | null;
  injury_type_id: string | null;
  injury_type_name: string | null;
  body_part: string | null;
  severity: AccidentDetail['severity'];
  under_management: boolean;
  days_off: number;
  medical_cost: string | number;
  wage_cost: string | number;
  compensation_cost: string | number;
}

export async function victimsOf(db: Executor, accidentId: string): Promise<AccidentDetail['victims']> {
  const rows = await sql<VictimRow>`select v.id, v.worker_id, v.full_name, v.female, v.birth_year, v.occupation_id,
      o.name as occupation_name, v.injury_type_id, it.name as injury_type_name, v.body_part, v.severity,
      v.under_management, v.days_off, v.medical_cost, v.wage_cost, v.compensation_cost
    from accident_victim v
    left join type_of_profession o on o.id = v.occupation_id
    left join injury_reason it on it.id = v.injury_type_id
    where v.accident_id = ${accidentId} order by v.position, v.id`.execute(db);
  return rows.rows.map((v) => ({
    id: v.id,
    workerId: v.worker_id,
    fullName: v.full_name,
    female: !!v.female,
    birthYear: v.birth_year == null ? null : Number(v.birth_year),
    occupationId: v.occupation_id,
    occupationName: v.occupation_name,
    injuryTypeId: v.injury_type_id,
    injuryTypeName: v.injury_type_name,
    bodyPart: v.body_part,
    severity: v.severity,
    underManagement: !!v.under_management,
    daysOff: Number(v.days_off),
    medicalCost: Number(v.medical_cost),
    wageCost: Number(v.wage_cost),
    compensationCost: Number(v.compensation_cost),
  }));
}

export async function routingsOf(db: Executor, accidentId: string): Promise<AccidentDetail['routings']> {
  const rows = await withAccidents(db)
    .selectFrom('accident_routing')
    .selectAll()
    .where('accident_id', '=', accidentId)
    .orderBy('routed_at')
    .orderBy('id')
    .execute();
  return rows.map((r) => ({
    ruleCode: r.rule_code,
    recipient: r.recipient,
    recipientName: r.recipient_name,
    legalBasis: r.legal_basis,
    notifiedUsers: Number(r.notified_users),
    routedAt: iso(r.routed_at)!,
    routedByName: r.routed_by_name,
  }));
}

// The investigation's follow-on move (`conclude`) is not the caller's: the detail offers only its own actions.
const isDetailAction = (a: AccidentMove): a is Extract<AccidentMove, AccidentAction> =>
  (ACCIDENT_ACTIONS as readonly string[]).includes(a);

/** The receipt, to whoever sees the accident; then the moves the workflow gives the caller's side. */
function actionsFor(caller: Caller, row: AccidentRow): AccidentAction[] {
  const moves = accidentWorkflow
    .actionsFor(row.status, accidentActorOf(caller, row))
    .filter((a) => a !== 'amend' || caller.canUpdate);
  return ['receipt', ...moves.filter(isDetailAction)];
}

export function toSummary(r: AccidentRow) {
  return {
    id: r.id,
    code: r.code,
    status: r.status,
    severity: r.severity,
    businessId: r.business_id,
    businessName: r.business_name,
    declarantKind: r.declarant_kind,
    declaredByUnitName: r.declared_by_unit_name,
    wardId: r.ward_id,
    wardName: r.ward_name,
    occurredAt: iso(r.occurred_at)!,
    notifiedAt: iso(r.notified_at)!,
    place: r.place,
    victimCount: Number(r.victim_count),
    deathCount: Number(r.death_count),
    seriousCount: Number(r.serious_count),
    investigationId: r.investigation_id,
    version: Number(r.version),
    createdAt: iso(r.created_at)!,
    updatedAt: iso(r.updated_at)!,
  };
}

async function riskAssessmentTitle(db: Executor, id: string | null): Promise<string | null> {
  if (!id) return null;
  const exists = await sql<{ t: string | null }>`select to_regclass('risk_assessment')::text as t`.execute(db);
  if (!exists.rows[0]?.t) return null;
  const r = await sql<{ title: string }>`select title from risk_assessment where id = ${id}`.execute(db);
  return r.rows[0]?.title ?? null;
}

export async function accidentDetail(ctx: AccidentCtx, id: string): Promise<AccidentDetail> {
  const row = await findAccident(ctx.db, ctx.caller, id);
  if (!row) throw notFound();
  return {
    ...toSummary(row),
    description: row.description,
    accidentReasonId: row.accident_reason_id,
    accidentReasonName: row.accident_reason_name,
    injuryElementId: row.injury_element_id,
    injuryElementName: row.injury_element_name,
    allowanceCase: !!row.allowance_case,
    propertyDamage: Number(row.property_damage),
    otherCost: Number(row.other_cost),
    riskAssessmentId: row.risk_assessment_id,
    riskAssessmentTitle: await riskAssessmentTitle(ctx.db, row.risk_assessment_id),
    reporterName: row.reporter_name,
    reporterPhone: row.reporter_phone,
    returnReason: row.return_reason,
    victims: await victimsOf(ctx.db, row.id),
    routings: await routingsOf(ctx.db, row.id),
    actions: actionsFor(ctx.caller, row),
  };
}

/** accident-versions/{id}: every version, newest first, each with its changes against the one before. */
export async function accidentVersions(ctx: AccidentCtx, id: string): Promise<AccidentVersions> {
  const row = await findAccident(ctx.db, ctx.caller, id);
  if (!row) throw notFound();
  const rows = await withAccidents(ctx.db)
    .selectFrom('accident_version')
    .select(['version', 'snapshot', 'changed_by_name', 'reason', 'at'])
    .where('accident_id', '=', row.id)
    .orderBy('version')
    .execute();
  const snapshots = rows.map((r) => (typeof r.snapshot === 'string' ? JSON.parse(r.snapshot) : r.snapshot) as Snapshot);
  const versions = rows.map((r, i) => ({
    version: Number(r.version),
    at: iso(r.at)!,
    changedByName: r.changed_by_name,
    reason: r.reason,
    current: Number(r.version) === Number(row.version),
    snapshot: snapshots[i]!,
    changes: i === 0 ? [] : diffSnapshots(snapshots[i - 1]!, snapshots[i]!),
  }));
  return { versions: versions.reverse() };
}

// -------------------------------------------------------------------------------------------------- checks

interface Checked {
  wardName: string;
  names: Map<string, string>;
}

/**
 * Everything the body refers to must exist and be the caller's to use: the commune (a ward in force; a commune
 * declares only in its own area), the causes and factor, the injury types and occupations, the workers (of the
 * employer's register) and the risk assessment (the employer's). All problems at once, as field details.
 */
/** Vietnam's offset from UTC (no daylight saving): the calendar year of an instant there. */
const VIETNAM_OFFSET_MS = 7 * 3600_000;
/** Beyond this age at the accident a birth year is taken for a typing error, not a person. */
const MAX_VICTIM_AGE = 100;

async function checkBody(
  trx: Trx,
  ctx: AccidentCtx,
  body: NewAccidentBody,
  businessId: string | null,
): Promise<Checked> {
  const details: ErrorDetail[] = [];
  const msg = (code: string) => t(ctx.lang, `errors.${code}`);
  const names = new Map<string, string>();
  if (Date.parse(body.occurredAt) > ctx.now.getTime() + 5 * 60_000)
    details.push({ field: 'body.occurredAt', code: 'OCCURRED_IN_FUTURE', message: msg('OCCURRED_IN_FUTURE') });
  // A victim born after the accident (or after today), or more than a lifetime before it, is a typing error.
  const occurredYear = Number(new Date(Date.parse(body.occurredAt) + VIETNAM_OFFSET_MS).toISOString().slice(0, 4));
  const latestBirthYear = Math.min(occurredYear, Number(ctx.today.slice(0, 4)));
  body.victims.forEach((v, i) => {
    if (v.birthYear == null) return;
    const code =
      v.birthYear > latestBirthYear
        ? 'BIRTH_YEAR_FUTURE'
        : occurredYear - v.birthYear > MAX_VICTIM_AGE
          ? 'BIRTH_YEAR_IMPLAUSIBLE'
          : null;
    if (code) details.push({ field: `body.victims.${i}.birthYear`, code, message: msg(code) });
  });

  const ward = await sql<{ full_name: string }>`select full_name from admin_unit
    where id = ${body.wardId} and level = 'ward' and (valid_to is null or valid_to >= ${ctx.today}::date)`.execute(trx);
  const wardName = ward.rows[0]?.full_name ?? '';
  if (!ward.rows[0]) details.push({ field: 'body.wardId', code: 'WARD_UNKNOWN', message: msg('WARD_UNKNOWN') });
  else if (declarantKindOf(ctx.caller) === 'commune') {
    const inside = await sql<{
      ok: boolean;
    }>`select ${inLocalUnit(sql.val(body.wardId), ctx.caller.communeCode!)} as ok`.execute(trx);
    if (!inside.rows[0]?.ok)
      details.push({ field: 'body.wardId', code: 'WARD_OUT_OF_SCOPE', message: msg('WARD_OUT_OF_SCOPE') });
  }

  const lookup = async (table: string, ids: (string | null | undefined)[], fields: string[]) => {
    const wanted = [...new Set(ids.filter((x): x is string => !!x))];
    if (!wanted.length) return;
    const found = await sql<{ id: string; name: string }>`select id, name from ${sql.table(table)}
      where id = any(${sql.val(wanted)}::uuid[]) and deleted_at is null`.execute(trx);
    const have = new Map(found.rows.map((r) => [r.id, r.name]));
    for (const [id, name] of have) names.set(id, name);
    ids.forEach((id, i) => {
      if (id && !have.has(id))
        details.push({ field: fields[i]!, code: 'REFERENCE_MISSING', message: msg('REFERENCE_MISSING') });
    });
  };
  await lookup('accident_reason', [body.accidentReasonId], ['body.accidentReasonId']);
  await lookup('injury_element', [body.injuryElementId], ['body.injuryElementId']);
  await lookup(
    'injury_reason',
    body.victims.map((v) => v.injuryTypeId),
    body.victims.map((_, i) => `body.victims.${i}.injuryTypeId`),
  );
  await lookup(
    'type_of_profession',
    body.victims.map((v) => v.occupationId),
    body.victims.map((_, i) => `body.victims.${i}.occupationId`),
  );

  const workerIds = body.victims.map((v) => v.workerId).filter((x): x is string => !!x);
  if (workerIds.length) {
    const found = businessId
      ? await sql<{ id: string }>`select id from worker where id = any(${sql.val(workerIds)}::uuid[])
          and business_id = ${businessId} and deleted_at is null`.execute(trx)
      : { rows: [] as { id: string }[] };
    const own = new Set(found.rows.map((r) => r.id));
    body.victims.forEach((v, i) => {
      if (v.workerId && !own.has(v.workerId))
        details.push({
          field: `body.victims.${i}.workerId`,
          code: 'WORKER_NOT_YOURS',
          message: msg('WORKER_NOT_YOURS'),
        });
    });
  }

  if (body.riskAssessmentId) {
    const table = await sql<{ t: string | null }>`select to_regclass('risk_assessment')::text as t`.execute(trx);
    const found =
      table.rows[0]?.t && businessId
        ? await sql<{ id: string }>`select id from risk_assessment where id = ${body.riskAssessmentId}
            and business_id = ${businessId} and deleted_at is null`.execute(trx)
        : { rows: [] };
    if (!found.rows.length)
      details.push({
        field: 'body.riskAssessmentId',
        code: 'RISK_ASSESSMENT_NOT_YOURS',
        message: msg('RISK_ASSESSMENT_NOT_YOURS'),
      });
  }
  if (details.length) throw new AppError(400, 'VALIDATION', { details });
  return { wardName, names };
}

/** The declaration as one version stands (names beside ids, so the history reads without the catalogues). */
function snapshotOf(body: NewAccidentBody, checked: Checked): Snapshot {
  const name = (id: string | null | undefined) => (id ? (checked.names.get(id) ?? null) : null);
  return {
    occurredAt: new Date(body.occurredAt).toISOString(),
    wardId: body.wardId,
    wardName: checked.wardName,
    place: body.place,
    description: body.description,
    severity: accidentSeverity(body.victims),
    accidentReasonId: body.accidentReasonId ?? null,
    accidentReasonName: name(body.accidentReasonId),
    injuryElementId: body.injuryElementId ?? null,
    injuryElementName: name(body.injuryElementId),
    allowanceCase: body.allowanceCase,
    propertyDamage: body.propertyDamage,
    otherCost: body.otherCost,
    riskAssessmentId: body.riskAssessmentId ?? null,
    reporterName: body.reporterName,
    reporterPhone: body.reporterPhone,
    victims: body.victims.map((v) => ({
      workerId: v.workerId ?? null,
      fullName: v.fullName,
      female: v.female,
      birthYear: v.birthYear ?? null,
      occupationId: v.occupationId ?? null,
      occupationName: name(v.occupationId),
      injuryTypeId: v.injuryTypeId ?? null,
      injuryTypeName: name(v.injuryTypeId),
      bodyPart: v.bodyPart,
      severity: v.severity,
      underManagement: v.underManagement,
      daysOff: v.daysOff,
      medicalCost: v.medicalCost,
      wageCost: v.wageCost,
      compensationCost: v.compensationCost,
    })),
  };
}

function accidentValues(body: NewAccidentBody) {
  const counts = victimCounts(body.victims);
  return {
    ward_id: body.wardId,
    occurred_at: new Date(body.occurredAt),
    place: body.place,
    description: body.description,
    severity: accidentSeverity(body.victims),
    victim_count: counts.victimCount,
    death_count: counts.deathCount,
    serious_count: counts.seriousCount,
    accident_reason_id: body.accidentReasonId ?? null,
    injury_element_id: body.injuryElementId ?? null,
    allowance_case: body.allowanceCase,
    property_damage: body.propertyDamage,
    other_cost: body.otherCost,
    risk_assessment_id: body.riskAssessmentId ?? null,
    reporter_name: body.reporterName,
    reporter_phone: body.reporterPhone,
  };
}

/**
 * The victims as declared. "Under the employer's management" (Appendix XII) needs an employer: a commune's
 * declaration (workers without a labour contract) never has one.
 */
async function writeVictims(
  trx: Trx,
  accidentId: string,
  victims: readonly VictimInput[],
  employer: boolean,
): Promise<void> {
  const a = withAccidents(trx);
  await a.deleteFrom('accident_victim').where('accident_id', '=', accidentId).execute();
  if (!victims.length) return;
  await a
    .insertInto('accident_victim')
    .values(
      victims.map((v, i) => ({
        accident_id: accidentId,
        position: i,
        worker_id: v.workerId ?? null,
        full_name: v.fullName,
        female: v.female,
        birth_year: v.birthYear ?? null,
        occupation_id: v.occupationId ?? null,
        injury_type_id: v.injuryTypeId ?? null,
        body_part: v.bodyPart,
        severity: v.severity,
        under_management: employer && v.underManagement,
        days_off: v.daysOff,
        medical_cost: v.medicalCost,
        wage_cost: v.wageCost,
        compensation_cost: v.compensationCost,
      })),
    )
    .execute();
}

async function writeVersion(
  trx: Trx,
  ctx: AccidentCtx,
  accidentId: string,
  version: number,
  snapshot: Snapshot,
  reason: string | null,
): Promise<void> {
  await withAccidents(trx)
    .insertInto('accident_version')
    .values({
      accident_id: accidentId,
      version,
      snapshot: JSON.stringify(snapshot),
      changed_by: ctx.caller.userId,
      changed_by_name: (await actorName(trx, ctx.caller.userId)) ?? ctx.caller.principal?.userName ?? null,
      reason,
      at: ctx.now,
    })
    .execute();
}

// -------------------------------------------------------------------------------------------------- routing

/**
 * Tell at once the units the routing rules in force name for this accident's class and declarant (Law Art 34):
 * each recipient once per accident, whichever rule named it first; every routing recorded with its rule, even
 * to a unit with no account (the commune police). An amendment that raises the class routes to the units not
 * told yet. The notification kind is statutory: no preference mutes it.
 */
export async function routeAccident(trx: Trx, ctx: AccidentCtx, accidentId: string): Promise<void> {
  const a = withAccidents(trx);
  const row = await a.selectFrom('accident').selectAll().where('id', '=', accidentId).executeTakeFirstOrThrow();
  const counts = { deathCount: Number(row.death_count), seriousCount: Number(row.serious_count) };
  const rules = (await routingRulesInForce(trx, ctx.today)).filter(
    (r) =>
      (r.declarant === 'any' || r.declarant === row.declarant_kind) &&
      triggerMatches(r.trigger as Parameters<typeof triggerMatches>[0], counts),
  );
  if (!rules.length) return;
  const done = new Set(
    (await a.selectFrom('accident_routing').select('recipient').where('accident_id', '=', accidentId).execute()).map(
      (r) => r.recipient as string,
    ),
  );
  const ward = row.ward_id
    ? await sql<{ full_name: string }>`select full_name from admin_unit where id = ${row.ward_id}`.execute(trx)
    : null;
  const wardName = ward?.rows[0]?.full_name ?? '';
  const declarant = row.business_id
    ? ((await trx.selectFrom('business').select('name').where('id', '=', row.business_id).executeTakeFirst())?.name ??
      '')
    : ((await trx.selectFrom('unit').select('name').where('id', '=', row.declared_by_unit_id).executeTakeFirst())
        ?.name ?? '');
  const moment = vietnamMoment(row.occurred_at);
  const params = {
    code: row.code,
    deaths: counts.deathCount,
    serious: counts.seriousCount,
    place: [row.place, wardName].filter(Boolean).join(', '),
    declarant,
    occurredAt: `${moment.time} ${moment.date}`,
  };
  const routedByName = (await actorName(trx, ctx.caller.userId)) ?? ctx.caller.principal?.userName ?? null;
  for (const rule of rules) {
    if (done.has(rule.recipient)) continue;
    done.add(rule.recipient);
    let unitId: string | null = null;
    let name: string;
    let notified = 0;
    const notifier = ctx.request?.server.notifier;
    if (rule.recipient === 'department') {
      const unit = await sql<{ id: string; name: string }>`select id, name from unit
        where kind = 'department' and deleted_at is null order by (parent_id is null) desc, created_at limit 1`.execute(
        trx,
      );
      unitId = unit.rows[0]?.id ?? null;
      name = unit.rows[0]?.name ?? t('vi', 'recipients.department');
      if (notifier)
        notified = await notifier.notify(
          trx,
          { scopes: [{ kind: 'department', permission: ACCIDENT_PERMISSIONS.read }] },
          'accidentReported',
          params,
          accidentLink(row.id),
          { request: ctx.request },
        );
    } else if (rule.recipient === 'commune') {
      const unit = row.ward_id
        ? await sql<{ id: string; name: string }>`select id, name from unit
            where kind = 'district' and deleted_at is null and local_unit_code = ${row.ward_id}
            order by created_at limit 1`.execute(trx)
        : null;
      unitId = unit?.rows[0]?.id ?? null;
      name = unit?.rows[0]?.name ?? `UBND ${wardName}`.trim();
      if (notifier && row.ward_id)
        notified = await notifier.notify(
          trx,
          { scopes: [{ kind: 'localUnit', code: row.ward_id, permission: ACCIDENT_PERMISSIONS.read }] },
          'accidentReported',
          params,
          accidentLink(row.id),
          { request: ctx.request },
        );
    } else {
      // The commune police have no account in the portal: the routing is recorded, the employer calls them.
      name = `Công an ${wardName}`.trim();
    }
    await a
      .insertInto('accident_routing')
      .values({
        accident_id: row.id,
        rule_code: rule.code,
        recipient: rule.recipient,
        recipient_unit_id: unitId,
        recipient_name: name,
        legal_basis: rule.legal_basis,
        notified_users: notified,
        routed_at: ctx.now,
        routed_by: ctx.caller.userId,
        routed_by_name: routedByName,
      })
      .execute();
  }
}

// -------------------------------------------------------------------------------------------------- writes

/** The year's next receipt number, taken inside the declaring transaction: no gaps, no repeats. */
async function nextCode(trx: Trx, year: number): Promise<{ code: string; sequence: number }> {
  const counter = await sql<{ last: number }>`insert into accident_counter (year, last) values (${year}, 1)
    on conflict (year) do update set last = accident_counter.last + 1 returning last`.execute(trx);
  const sequence = Number(counter.rows[0]!.last);
  return { code: `${String(sequence).padStart(4, '0')}/${year}/TNLĐ`, sequence };
}

/** add-accident: the declaration with its receipt number, routed at once when its class requires. */
export async function declareAccident(ctx: AccidentCtx, body: NewAccidentBody): Promise<string> {
  const kind = declarantKindOf(ctx.caller);
  if (!kind || !ctx.caller.canCreate || !ctx.caller.unitId) throw accidentError(403, 'NOT_DECLARANT');
  const businessId = kind === 'employer' ? ctx.caller.employerId : null;
  return ctx.db.transaction().execute(async (trx) => {
    const checked = await checkBody(trx, ctx, body, businessId);
    const year = Number(ctx.today.slice(0, 4));
    const { code, sequence } = await nextCode(trx, year);
    const inserted = await withAccidents(trx)
      .insertInto('accident')
      .values({
        ...accidentValues(body),
        code,
        code_year: year,
        code_sequence: sequence,
        business_id: businessId,
        declared_by_unit_id: ctx.caller.unitId!,
        declarant_kind: kind,
        status: 'declared',
        notified_at: ctx.now,
        version: 1,
        created_at: ctx.now,
        created_by: ctx.caller.userId,
        updated_at: ctx.now,
        updated_by: ctx.caller.userId,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await writeVictims(trx, inserted.id, body.victims, businessId !== null);
    await writeVersion(trx, ctx, inserted.id, 1, snapshotOf(body, checked), null);
    await routeAccident(trx, ctx, inserted.id);
    await recordAudit(trx, ctx.request, {
      action: 'create',
      subject: ACCIDENT_SUBJECT,
      recordId: inserted.id,
      details: { code },
    });
    return inserted.id;
  });
}

async function lockAccident(trx: Trx, caller: Caller, id: string): Promise<AccidentRow | undefined> {
  const locked = await sql<{ id: string }>`select a.id from accident a
    where a.id = ${id} and ${accidentVisibleTo(caller)} for update`.execute(trx);
  if (!locked.rows[0]) return undefined;
  return findAccident(trx, caller, id);
}

/** update-accident/{id}: a new version by its declarant, with why; never an overwrite of the history. */
export async function amendAccident(ctx: AccidentCtx, id: string, body: UpdateAccidentBody): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const row = await lockAccident(trx, ctx.caller, id);
    if (!row) throw notFound();
    const status = guardAccident(ctx, row, 'amend', body.version, ctx.caller.canUpdate);
    const checked = await checkBody(trx, ctx, body, row.business_id);
    const version = Number(row.version) + 1;
    await withAccidents(trx)
      .updateTable('accident')
      .set({
        ...accidentValues(body),
        status,
        return_reason: null,
        version,
        updated_at: ctx.now,
        updated_by: ctx.caller.userId,
      })
      .where('id', '=', row.id)
      .execute();
    await writeVictims(trx, row.id, body.victims, row.business_id !== null);
    await writeVersion(trx, ctx, row.id, version, snapshotOf(body, checked), body.reason);
    await routeAccident(trx, ctx, row.id);
    await recordAudit(trx, ctx.request, {
      action: 'update',
      subject: ACCIDENT_SUBJECT,
      recordId: row.id,
      details: { code: row.code, version, reason: body.reason },
    });
  });
}

/** return-accident/{id}: the department asks the declarant to complete a declaration not yet investigated. */
export async function returnAccident(ctx: AccidentCtx, id: string, body: ReturnAccidentBody): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const row = await lockAccident(trx, ctx.caller, id);
    if (!row) throw notFound();
    const status = guardAccident(ctx, row, 'return', body.version);
    await withAccidents(trx)
      .updateTable('accident')
      .set({ status, return_reason: body.reason, updated_at: ctx.now, updated_by: ctx.caller.userId })
      .where('id', '=', row.id)
      .execute();
    await recordAudit(trx, ctx.request, {
      action: 'return',
      subject: ACCIDENT_SUBJECT,
      recordId: row.id,
      details: { code: row.code, reason: body.reason },
    });
    const users = row.business_id
      ? null
      : (
          await trx
            .selectFrom('app_user')
            .select('id')
            .where('unit_id', '=', row.declared_by_unit_id)
            .where('deleted_at', 'is', null)
            .execute()
        ).map((u) => u.id);
    await ctx.request?.server.notifier?.notify(
      trx,
      row.business_id
        ? { scopes: [{ kind: 'employer', businessId: row.business_id, permission: ACCIDENT_PERMISSIONS.update }] }
        : { users: users ?? [] },
      accidentWorkflow.notificationOf('return') as NotificationKindName,
      { code: row.code, reason: body.reason },
      accidentLink(row.id),
      { request: ctx.request },
    );
  });
}
