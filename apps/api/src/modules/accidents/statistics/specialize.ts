import { sql } from 'kysely';
import { SPECIALIZE_FIGURES, type SpecializeFigure } from '@portal/domain/accidents/statistics/index';
import { translate } from '@portal/domain/i18n';
import { inTransaction, type Executor, type OpContext } from '../../../catalog/context.ts';
import type { CatalogRecord } from '../../../catalog/hooks.ts';
import { catalogOperations } from '../../../catalog/operations.ts';
import { permits } from '../../../platform/access/index.ts';
import { AppError, type ErrorDetail } from '../../../platform/errors/app-error.ts';

/**
 * The lines of a specialised accident summary report: one per facility-type title (grouped by classification),
 * each with the figures of §1.5 a specialised sector reports. Entered on the report's page or imported from a
 * spreadsheet — all titles, or one classification's — with the import's usual answer (a result per row).
 */

export type LineFigures = Record<SpecializeFigure, number>;

export interface LineRow extends LineFigures {
  titleId: string;
  titleCode: string;
  titleName: string;
  facilityTypeId: string;
  facilityTypeCode: string;
  facilityTypeName: string;
  note: string | null;
  /** The title has a stored line (otherwise its figures are zero and it is left out of the PDF). */
  filled: boolean;
}

const snake = (k: string) => k.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
const figureColumns = sql.join(
  SPECIALIZE_FIGURES.map((k) => sql`coalesce(l.${sql.ref(snake(k))}, 0)::float8 as ${sql.ref(k)}`),
  sql`, `,
);

export function loadSpecializeReport(ctx: OpContext, id: string): Promise<CatalogRecord> {
  return catalogOperations('accidentSpecializeReport').get(ctx, id);
}

/** Every live title (of one classification when given) with the report's line for it, in print order. */
export async function linesOf(db: Executor, reportId: string, facilityTypeId?: string | null): Promise<LineRow[]> {
  const rows = await sql<LineRow>`
    select t.id as "titleId", t.code as "titleCode", t.name as "titleName", f.id as "facilityTypeId",
      f.code as "facilityTypeCode", f.name as "facilityTypeName", l.note, (l.id is not null) as filled, ${figureColumns}
    from facility_type_title t
    join facility_type f on f.id = t.facility_type_id and f.deleted_at is null
    left join accident_specialize_line l on l.title_id = t.id and l.report_id = ${reportId}::uuid
    where t.deleted_at is null ${facilityTypeId ? sql`and f.id = ${facilityTypeId}::uuid` : sql``}
    order by f.sort_order nulls last, f.code, t.sort_order nulls last, t.code`.execute(db);
  return rows.rows.map((r) => ({ ...r, ...Object.fromEntries(SPECIALIZE_FIGURES.map((k) => [k, Number(r[k])])) }));
}

export interface LineInput extends Partial<LineFigures> {
  titleId: string;
  note?: string | null | undefined;
}

/** Problems of a line's figures: the parts never exceed their whole. */
function lineProblems(lang: OpContext['lang'], l: Partial<LineFigures>): ErrorDetail[] {
  const out: ErrorDetail[] = [];
  const t = (key: string) => translate(lang, `accidents:statistics.errors.${key}`);
  if ((l.fatalAccidents ?? 0) > (l.accidents ?? 0))
    out.push({ field: 'fatalAccidents', code: 'range', message: t('fatalAboveAccidents') });
  if ((l.deaths ?? 0) + (l.seriousInjuries ?? 0) > (l.victims ?? 0))
    out.push({ field: 'deaths', code: 'range', message: t('casualtiesAboveVictims') });
  for (const k of SPECIALIZE_FIGURES) {
    const v = l[k];
    if (
      v !== undefined &&
      (!Number.isFinite(v) || v < 0 || (k !== 'totalCost' && k !== 'propertyDamage' && !Number.isInteger(v)))
    )
      out.push({ field: k, code: 'range', message: t('badNumber') });
  }
  return out;
}

async function writeLine(db: Executor, reportId: string, l: LineInput): Promise<void> {
  const v = (k: SpecializeFigure) => l[k] ?? 0;
  await sql`insert into accident_specialize_line (report_id, title_id, accidents, fatal_accidents, victims, deaths,
      serious_injuries, days_off, total_cost, property_damage, note)
    values (${reportId}::uuid, ${l.titleId}::uuid, ${v('accidents')}, ${v('fatalAccidents')}, ${v('victims')},
      ${v('deaths')}, ${v('seriousInjuries')}, ${v('daysOff')}, ${v('totalCost')}, ${v('propertyDamage')}, ${l.note ?? null})
    on conflict (report_id, title_id) do update set accidents = excluded.accidents,
      fatal_accidents = excluded.fatal_accidents, victims = excluded.victims, deaths = excluded.deaths,
      serious_injuries = excluded.serious_injuries, days_off = excluded.days_off, total_cost = excluded.total_cost,
      property_damage = excluded.property_damage, note = excluded.note`.execute(db);
}

async function writable(ctx: OpContext, id: string, action: 'update' | 'import'): Promise<void> {
  if (!permits(ctx.principal, `AccidentSpecializeReport.${action}`)) throw new AppError(403, 'FORBIDDEN');
  await loadSpecializeReport(ctx, id);
}

/** The department saves the report's lines (titles not sent keep theirs). */
export async function saveLines(ctx: OpContext, id: string, lines: readonly LineInput[]): Promise<void> {
  await inTransaction(ctx, async (tx) => {
    await writable(tx, id, 'update');
    const titles = new Set((await linesOf(tx.db, id)).map((l) => l.titleId));
    const details: ErrorDetail[] = [];
    lines.forEach((l, i) => {
      if (!titles.has(l.titleId))
        details.push({
          field: `lines.${i}.titleId`,
          code: 'unknown',
          message: translate(tx.lang, 'accidents:statistics.errors.unknownTitle'),
        });
      for (const p of lineProblems(tx.lang, l)) details.push({ ...p, field: `lines.${i}.${p.field}` });
    });
    if (details.length) throw new AppError(400, 'VALIDATION', { details });
    for (const l of lines) await writeLine(tx.db, id, l);
    await sql`update accident_specialize_report set updated_at = now(), updated_by = ${tx.principal?.userId ?? null}
      where id = ${id}::uuid`.execute(tx.db);
  });
}

export type ImportedLine = Record<string, unknown> & {
  isSuccess: boolean;
  errors: { field: string; message: string }[];
};

/**
 * Import lines from a spreadsheet's rows ({ titleCode, accidents, … }); with a classification, only its titles are
 * accepted. Valid rows are stored in one transaction (re-sending the file rewrites the same lines); `dryRun`
 * validates only.
 */
export async function importLines(
  ctx: OpContext,
  id: string,
  facilityTypeId: string | null,
  rows: readonly Record<string, unknown>[],
  dryRun: boolean,
): Promise<ImportedLine[]> {
  return inTransaction(ctx, async (tx) => {
    await writable(tx, id, 'import');
    if (facilityTypeId) {
      const known =
        await sql`select 1 from facility_type where id = ${facilityTypeId}::uuid and deleted_at is null`.execute(tx.db);
      if (!known.rows.length) throw new AppError(404, 'NOT_FOUND');
    }
    const titles = new Map((await linesOf(tx.db, id, facilityTypeId)).map((l) => [l.titleCode.toLowerCase(), l]));
    const t = (key: string) => translate(tx.lang, `accidents:statistics.errors.${key}`);
    const answer: ImportedLine[] = [];
    const valid: LineInput[] = [];
    for (const row of rows) {
      const errors: { field: string; message: string }[] = [];
      const code = String(row.titleCode ?? '')
        .trim()
        .toLowerCase();
      const title = titles.get(code);
      if (!title) errors.push({ field: 'titleCode', message: t(code ? 'unknownTitle' : 'titleRequired') });
      const figures: Partial<LineFigures> = {};
      for (const k of SPECIALIZE_FIGURES) {
        const raw = row[k];
        if (raw === undefined || raw === null || raw === '') continue;
        const n = typeof raw === 'number' ? raw : Number(String(raw).replace(/[.\s]/g, '').replace(',', '.'));
        if (Number.isNaN(n)) errors.push({ field: k, message: t('badNumber') });
        else figures[k] = n;
      }
      for (const p of lineProblems(tx.lang, figures)) errors.push({ field: p.field ?? '', message: p.message });
      if (!errors.length && title)
        valid.push({
          titleId: title.titleId,
          ...figures,
          note: row.note == null ? null : String(row.note).slice(0, 2000),
        });
      answer.push({ ...row, isSuccess: errors.length === 0, errors });
    }
    if (!dryRun) for (const l of valid) await writeLine(tx.db, id, l);
    return answer;
  });
}
