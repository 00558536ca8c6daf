import { randomUUID } from 'node:crypto';
import { sql, type Expression, type SqlBool } from 'kysely';
import { trainingWorkerFields, type TrainingWorker } from '@portal/domain/workers/records';
import { normalizeHeader, type FieldDef, type FieldError } from '@portal/domain/catalog/index';
import { translate } from '@portal/domain/i18n';
import { inTransaction, translator, type OpContext } from '../../catalog/context.ts';
import type { CatalogRecord } from '../../catalog/hooks.ts';
import { coerceCell, IMPORT_WRITE_ROWS, MAX_IMPORT_ROWS } from '../../catalog/import.ts';
import { chunksOf, takeTurns } from '../../platform/turns/index.ts';
import { catalogOperations } from '../../catalog/operations.ts';
import { matchesKeyword } from '../../db/search.ts';
import { sqlPage } from '../../platform/list/index.ts';
import { recordAudit } from '../../platform/audit/index.ts';
import { AppError, type ErrorDetail } from '../../platform/errors/app-error.ts';
import { participantScope, type PageQuery } from './records.ts';
import { validateFields } from './validation.ts';
import { isUuid } from '@portal/domain/ids';

/**
 * The workers who took part in a safety training course (Training/list|add|delete-training-worker,
 * import-training-worker-from-json, get-combobox-worker-not-training). A course belongs to one employer and only
 * that employer's workers take part; a course outside the caller's scope is not found.
 */

const trainingOps = () => catalogOperations('training');

export async function visibleTraining(ctx: OpContext, trainingId: string): Promise<CatalogRecord> {
  const training = await trainingOps().find(ctx, trainingId);
  if (!training) throw new AppError(404, 'NOT_FOUND');
  return training;
}

const participantColumns = sql`tw.id, tw.training_id as "trainingId", tw.worker_id as "workerId", w.full_name as "fullName",
  coalesce(w.citizen_id, w.passport_number) as "citizenId", w.birth_date as "birthDate", w.sex, tw.result,
  tw.certificate_number as "certificateNumber", tw.certificate_date as "certificateDate", tw.note`;

export async function listParticipants(
  ctx: OpContext,
  trainingId: string,
  q: PageQuery & { keyWord?: string | undefined },
): Promise<{ pageLists: TrainingWorker[]; totalRecord: number }> {
  await visibleTraining(ctx, trainingId);
  const where: Expression<SqlBool>[] = [sql<SqlBool>`tw.training_id = ${trainingId}`];
  if (q.keyWord?.trim())
    where.push(
      matchesKeyword(
        [sql.ref('w.full_name'), sql.ref('w.citizen_id'), sql.ref('w.passport_number')],
        q.keyWord,
      ) as Expression<SqlBool>,
    );
  const page = await sqlPage<TrainingWorker>(ctx.db, q, {
    select: participantColumns,
    from: sql`training_worker tw join worker w on w.id = tw.worker_id`,
    where,
    order: sql`w.full_name, tw.id`,
  });
  return { pageLists: page.rows, totalRecord: page.total };
}

/** Workers of the course's employer the caller may see, among `ids`. */
async function eligibleWorkers(ctx: OpContext, training: CatalogRecord, ids: string[]): Promise<Set<string>> {
  const found = await sql<{
    id: string;
  }>`select t.id from worker t where t.id = any(${ids}::uuid[]) and t.business_id = ${training.businessId as string}
      and ${participantScope(ctx)}`.execute(ctx.db);
  return new Set(found.rows.map((r) => r.id));
}

const { trainingId: _trainingField, workerId: _workerField, ...outcomeFields } = trainingWorkerFields;

/** Add workers to a course: `{ trainingId, workerIds: [...] }` (or one `workerId`), with an optional result. */
export async function addParticipants(ctx: OpContext, body: unknown): Promise<{ added: number }> {
  const input = (body && typeof body === 'object' && !Array.isArray(body) ? body : {}) as Record<string, unknown>;
  const workerIds = [
    ...new Set(
      [...(Array.isArray(input.workerIds) ? input.workerIds : []), ...(input.workerId ? [input.workerId] : [])].map(
        String,
      ),
    ),
  ];
  const data = validateFields(ctx, { trainingId: trainingWorkerFields.trainingId, ...outcomeFields }, input);
  const t = translator(ctx);
  const bad = workerIds.filter((id) => !isUuid(id));
  if (!workerIds.length || bad.length) {
    throw new AppError(400, 'VALIDATION', {
      details: [
        {
          field: 'workerIds',
          code: 'required',
          message: t(workerIds.length ? 'catalog:validation.reference' : 'catalog:validation.required'),
        },
      ],
    });
  }
  return inTransaction(ctx, async (tx) => {
    const training = await visibleTraining(tx, data.trainingId as string);
    const eligible = await eligibleWorkers(tx, training, workerIds);
    const missing = workerIds.filter((id) => !eligible.has(id));
    if (missing.length) {
      throw new AppError(400, 'VALIDATION', {
        details: missing.map((id) => ({
          field: 'workerIds',
          code: 'reference',
          message: t('workers:training.notEmployerWorker', { value: id }),
        })),
      });
    }
    const added = await sql<{
      id: string;
    }>`insert into training_worker (training_id, worker_id, result, certificate_number, certificate_date, note, created_by)
        select ${training.id}, w, ${data.result as string | null}, ${data.certificateNumber as string | null}, ${data.certificateDate as string | null},
          ${data.note as string | null}, ${tx.principal?.userId ?? null} from unnest(${workerIds}::uuid[]) as w
        on conflict (training_id, worker_id) do nothing returning id`.execute(tx.db);
    await recordAudit(tx.db, tx.request, {
      action: 'update',
      subject: 'Training',
      recordId: training.id,
      details: { participantsAdded: added.rows.length },
    });
    return { added: added.rows.length };
  });
}

export async function removeParticipants(ctx: OpContext, ids: string[]): Promise<{ deleted: number }> {
  const unique = [...new Set(ids)];
  if (!unique.length)
    throw new AppError(400, 'VALIDATION', {
      details: [{ field: 'ids', message: translator(ctx)('catalog:validation.required') }],
    });
  return inTransaction(ctx, async (tx) => {
    const scope = trainingOps().scope(tx, 'tr');
    const found = await sql<{
      id: string;
      trainingId: string;
    }>`select tw.id, tw.training_id as "trainingId" from training_worker tw
        join training tr on tr.id = tw.training_id and tr.deleted_at is null ${scope ? sql`and ${scope}` : sql``}
        where tw.id = any(${unique}::uuid[]) for update of tw`.execute(tx.db);
    const missing = unique.filter((id) => !found.rows.some((r) => r.id === id));
    if (missing.length)
      throw new AppError(404, 'NOT_FOUND', { details: missing.map((id) => ({ field: 'ids', message: id })) });
    await sql`delete from training_worker where id = any(${unique}::uuid[])`.execute(tx.db);
    for (const trainingId of new Set(found.rows.map((r) => r.trainingId))) {
      await recordAudit(tx.db, tx.request, {
        action: 'update',
        subject: 'Training',
        recordId: trainingId,
        details: { participantsRemoved: found.rows.filter((r) => r.trainingId === trainingId).length },
      });
    }
    return { deleted: unique.length };
  });
}

// ------------------------------------------------------------------------------------------------ import

export interface ParticipantImportRow extends Record<string, unknown> {
  isSuccess: boolean;
  errors: FieldError[];
  action: 'create' | 'update' | null;
  id: string | null;
}

interface ParticipantRow {
  raw: Record<string, unknown>;
  errors: FieldError[];
  values: Record<string, unknown>;
  workerId: string | undefined;
  id: string | null;
  action: 'create' | 'update';
}

/** One statement for a part of an import's valid rows; a worker already in the course is updated. */
async function insertParticipants(tx: OpContext, trainingId: string, rows: ParticipantRow[]): Promise<void> {
  const col = (name: string) => rows.map((r) => (r.values[name] as string | null) ?? null);
  await sql`insert into training_worker (id, training_id, worker_id, result, certificate_number, certificate_date, note, created_by)
          select u.id, ${trainingId}, u.worker, u.result, u.number, u.day, u.note, ${tx.principal?.userId ?? null}
          from unnest(${rows.map((r) => r.id)}::uuid[], ${rows.map((r) => r.workerId)}::uuid[], ${col('result')}::text[], ${col('certificateNumber')}::text[],
            ${col('certificateDate')}::date[], ${col('note')}::text[]) as u(id, worker, result, number, day, note)
          on conflict (training_id, worker_id) do update set result = excluded.result, certificate_number = excluded.certificate_number,
            certificate_date = excluded.certificate_date, note = excluded.note`.execute(tx.db);
}

/**
 * The rows of a course's results, checked as one: each names a worker of the course's employer by citizen ID,
 * passport or worker id, with the outcome fields by their rules (enum labels in either language, dates, lengths).
 * Both the spreadsheet import and the entry on the course's page check through here.
 */
async function checkParticipantRows(
  ctx: OpContext,
  training: CatalogRecord,
  rawRows: Record<string, unknown>[],
  turns: ReturnType<typeof takeTurns>,
): Promise<ParticipantRow[]> {
  const t = translator(ctx);
  const idOf = (raw: Record<string, unknown>) => {
    const v = raw.citizenId ?? raw.passportNumber ?? raw.workerId;
    if (v == null || String(v).trim() === '') return null;
    // A citizen ID typed into a number cell lost its leading zeros.
    return typeof v === 'number' ? String(v).padStart(12, '0') : String(v).trim();
  };
  const keys = [
    ...new Set(
      rawRows
        .map(idOf)
        .filter((v): v is string => v !== null)
        .map((v) => v.toLowerCase()),
    ),
  ];
  const workers = await sql<{
    id: string;
    citizen: string | null;
    passport: string | null;
  }>`select t.id, t.citizen_id as citizen, lower(t.passport_number) as passport
      from worker t where t.business_id = ${training.businessId as string} and ${participantScope(ctx)}
        and (t.citizen_id = any(${keys}::text[]) or lower(t.passport_number) = any(${keys}::text[]) or t.id::text = any(${keys}::text[]))`.execute(
    ctx.db,
  );
  const byKey = new Map<string, string>();
  for (const w of workers.rows) {
    byKey.set(w.id, w.id);
    if (w.citizen) byKey.set(w.citizen, w.id);
    if (w.passport) byKey.set(w.passport, w.id);
  }
  const current = await sql<{
    id: string;
    workerId: string;
  }>`select id, worker_id as "workerId" from training_worker where training_id = ${training.id}`.execute(ctx.db);
  const existing = new Map(current.rows.map((r) => [r.workerId, r.id]));
  // Result cells may hold the label in either language ("Đạt", "Passed") or the value itself.
  const labelsOf = (name: string, option: string): string[] => {
    const f = (outcomeFields as Record<string, FieldDef>)[name];
    const prefix = f?.kind === 'enum' ? f.optionLabels : undefined;
    return prefix ? (['vi', 'en'] as const).map((lang) => translate(lang, `${prefix}.${option}`)) : [option];
  };
  const lookups = new Map<string, Map<string, string>>();
  for (const [name, f] of Object.entries(outcomeFields as Record<string, FieldDef>)) {
    if (f.kind !== 'enum') continue;
    lookups.set(
      name,
      new Map(f.options.flatMap((o) => [o, ...labelsOf(name, o)].map((label) => [normalizeHeader(label), o] as const))),
    );
  }
  const firstRow = new Map<string, number>();
  const rows: ParticipantRow[] = [];
  for (const [index, raw] of rawRows.entries()) {
    if (turns.due()) await turns.next();
    const r = raw && typeof raw === 'object' && !Array.isArray(raw) ? raw : {};
    const rowNumber = typeof r.rowNumber === 'number' ? r.rowNumber : index + 2;
    const errors: FieldError[] = [];
    const values: Record<string, unknown> = {};
    for (const [name, f] of Object.entries(outcomeFields)) {
      const out = coerceCell(f, r[name], lookups.get(name));
      if (out.ok) values[name] = out.value;
      else
        errors.push({
          field: name,
          code: 'format',
          message: t(out.key, {
            values:
              f.kind === 'enum' ? f.options.map((o) => labelsOf(name, o)[ctx.lang === 'en' ? 1 : 0]).join(', ') : '',
          }),
        });
    }
    const key = idOf(r);
    const workerId = key ? byKey.get(key.toLowerCase()) : undefined;
    if (!key) errors.push({ field: 'citizenId', code: 'required', message: t('catalog:validation.required') });
    else if (!workerId)
      errors.push({
        field: 'citizenId',
        code: 'reference',
        message: t('workers:training.notEmployerWorker', { value: key }),
      });
    else if (firstRow.has(workerId)) {
      errors.push({
        field: 'citizenId',
        code: 'duplicate',
        message: t('catalog:validation.duplicateInFile', {
          field: t('workers:areas.worker.fields.citizenId'),
          value: key,
          row: firstRow.get(workerId)!,
        }),
      });
    } else firstRow.set(workerId, rowNumber);
    if (!errors.length) {
      try {
        Object.assign(values, validateFields(ctx, outcomeFields, values));
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        errors.push(
          ...err.details.map((d) => ({
            field: d.field ?? '',
            message: d.message,
            ...(d.code ? { code: d.code } : {}),
          })),
        );
      }
    }
    const id = workerId ? (existing.get(workerId) ?? randomUUID()) : null;
    rows.push({
      raw: r,
      errors,
      values,
      workerId,
      id,
      action: workerId && existing.has(workerId) ? 'update' : 'create',
    });
  }
  return rows;
}

/**
 * Import a course's participants from spreadsheet rows: each names a worker of the course's employer by citizen
 * ID (or passport), with the result and certificate. A worker already in the course is updated, so the same file
 * twice adds nobody twice. Valid rows are stored together; `dryRun` only reports.
 */
export async function importParticipants(
  ctx: OpContext,
  trainingId: string,
  rawRows: Record<string, unknown>[],
  dryRun: boolean,
): Promise<{ data: ParticipantImportRow[] }> {
  if (rawRows.length > MAX_IMPORT_ROWS)
    throw new AppError(400, 'TOO_MANY_ROWS', {
      messageKey: 'catalog:errors.TOO_MANY_ROWS',
      vars: { max: MAX_IMPORT_ROWS },
    });
  const training = await visibleTraining(ctx, trainingId);
  // The rows hand the thread back to other requests every few milliseconds (platform/turns).
  const turns = takeTurns();
  const rows = await checkParticipantRows(ctx, training, rawRows, turns);
  const valid = rows.filter((r) => !r.errors.length);
  if (!dryRun && valid.length) {
    await inTransaction(ctx, async (tx) => {
      // In parts, one transaction: all or none stored, no statement long.
      for (const part of chunksOf(valid, IMPORT_WRITE_ROWS)) {
        if (turns.due()) await turns.next();
        await insertParticipants(tx, training.id, part);
      }
      await recordAudit(tx.db, tx.request, {
        action: 'import',
        subject: 'Training',
        recordId: training.id,
        details: { participants: valid.length, invalid: rows.length - valid.length },
      });
    });
  }
  return {
    data: rows.map((r) => ({
      ...r.raw,
      isSuccess: !r.errors.length,
      errors: r.errors,
      action: r.errors.length ? null : r.action,
      id: r.errors.length ? null : r.id,
    })),
  };
}

/**
 * The results entered on the course's page, saved in one request: each row names a participant by worker id, with
 * its outcome. Checked as the import checks a file (checkParticipantRows); a worker not in the course is refused
 * here (the page edits participants, it does not enrol). All or nothing: any error answers 400 with each detail at
 * its cell (`rows.<index>.<field>`), so the page shows it beside the input.
 */
export async function saveResults(
  ctx: OpContext,
  trainingId: string,
  entries: readonly Record<string, unknown>[],
): Promise<{ updated: number }> {
  const t = translator(ctx);
  if (entries.length > MAX_IMPORT_ROWS)
    throw new AppError(400, 'TOO_MANY_ROWS', {
      messageKey: 'catalog:errors.TOO_MANY_ROWS',
      vars: { max: MAX_IMPORT_ROWS },
    });
  const turns = takeTurns();
  // Only the worker id names the participant: a citizen ID or passport in the body must not pick another worker.
  const raw = entries.map(({ citizenId: _c, passportNumber: _p, ...entry }, i) => ({ ...entry, rowNumber: i + 1 }));
  // Checked inside the transaction that writes: a participant removed meanwhile is not enrolled again.
  return inTransaction(ctx, async (tx) => {
    const training = await visibleTraining(tx, trainingId);
    const rows = await checkParticipantRows(tx, training, raw, turns);
    const details: ErrorDetail[] = [];
    rows.forEach((row, i) => {
      for (const e of row.errors)
        details.push({
          // The import names the worker's column citizenId; here the row's worker is its workerId.
          field: `rows.${i}.${e.field === 'citizenId' ? 'workerId' : e.field}`,
          message: e.message,
          ...(e.code ? { code: e.code } : {}),
        });
      if (!row.errors.length && row.action === 'create')
        details.push({
          field: `rows.${i}.workerId`,
          code: 'reference',
          message: t('workers:training.notParticipant', { value: String(row.raw.workerId ?? '') }),
        });
    });
    if (details.length) throw new AppError(400, 'VALIDATION', { details });
    for (const part of chunksOf(rows, IMPORT_WRITE_ROWS)) {
      if (turns.due()) await turns.next();
      await insertParticipants(tx, training.id, part);
    }
    await recordAudit(tx.db, tx.request, {
      action: 'update',
      subject: 'Training',
      recordId: training.id,
      details: { resultsEntered: rows.length },
    });
    return { updated: rows.length };
  });
}
