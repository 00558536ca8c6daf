import { translate } from '@portal/domain/i18n';
import { RISK_LEVELS } from '@portal/domain/risk-assessment/rules';
import type { OpContext } from '../../catalog/context.ts';
import { renderDocument, type DocumentSpec } from '../../platform/documents/index.ts';
import { clock } from '../../platform/clock/index.ts';
import { getPortalConfig } from '../configuration/index.ts';
import { detailsOf, type AssessmentDetails } from './service.ts';

/** dd/mm/yyyy, as Vietnamese documents write dates. */
const dmy = (date: string | null): string => (date ? date.split('-').reverse().join('/') : '');
/** Whole đồng with dots between thousands (12.500.000), as Vietnamese documents write sums. */
export const money = (value: number): string => String(Math.round(value)).replace(/\B(?=(\d{3})+(?!\d))/g, '.');

type T = (key: string, vars?: Record<string, string | number>) => string;

/** What both documents share: the employer as issuer, the motto, place and date, the assessment's facts. */
async function frame(ctx: OpContext, d: AssessmentDetails, t: T): Promise<Omit<DocumentSpec, 'title'>> {
  const a = d.assessment;
  const province = (await getPortalConfig(ctx.db, ctx.lang)).provinceName.trim();
  const [y, m, day] = (a.completedOn ?? clock.today()).split('-');
  return {
    lang: ctx.lang,
    issuer: [(a.businessName ?? '').toLocaleUpperCase('vi')],
    motto: [t('motto'), t('mottoSub')],
    place: t('place', { province: province || t('placeFallback'), day: day!, month: m!, year: y! }),
    fields: [
      { label: t('fields.title'), value: a.title },
      { label: t('fields.workArea'), value: a.workArea },
      { label: t('fields.sector'), value: translate(ctx.lang, `riskAssessment:sectors.${a.sector}`) },
      { label: t('fields.assessedOn'), value: dmy(a.assessedOn) },
      { label: t('fields.assessors'), value: a.assessors },
      ...(a.workerCount != null ? [{ label: t('fields.workerCount'), value: String(a.workerCount) }] : []),
      { label: t('fields.status'), value: translate(ctx.lang, `riskAssessment:statuses.${a.status}`) },
      ...(a.nextReviewOn ? [{ label: t('fields.nextReviewOn'), value: dmy(a.nextReviewOn) }] : []),
    ],
    signature: { title: t('signature') },
  };
}

/**
 * The assessment's report (OiRA's report step): the facts, what was found (hazards answered, present, by level) and
 * the priority list — the present hazards by level, highest first, with likelihood, severity and score.
 */
export async function reportPdf(ctx: OpContext, id: string): Promise<{ pdf: Buffer; title: string }> {
  const d = await detailsOf(ctx, id);
  const t: T = (key, vars = {}) => translate(ctx.lang, `riskAssessment:pdf.${key}`, vars);
  const level = (l: string | null) => (l ? translate(ctx.lang, `riskAssessment:levels.${l}`) : '');
  const byId = new Map(d.hazards.map((h) => [h.id, h]));
  const base = await frame(ctx, d, t);
  const s = d.summary;
  const title = t('reportTitle');
  const pdf = await renderDocument({
    ...base,
    title,
    paragraphs: [
      t('reportBasis'),
      t('reportMethod'),
      t('reportFound', {
        hazards: s.hazards,
        present: s.present,
        absent: d.hazards.filter((h) => h.answer === 'absent').length,
        notApplicable: d.hazards.filter((h) => h.answer === 'notApplicable').length,
      }),
      t('reportLevels', {
        ...Object.fromEntries(RISK_LEVELS.map((l) => [l, s.levels[l]])),
      }),
    ],
    table: {
      columns: [
        t('cols.no'),
        t('cols.hazard'),
        t('cols.group'),
        t('cols.likelihood'),
        t('cols.severity'),
        t('cols.score'),
        t('cols.level'),
        t('cols.controls'),
      ],
      rows: d.priority.map((hid, i) => {
        const h = byId.get(hid)!;
        return [
          String(i + 1),
          h.name,
          translate(ctx.lang, `riskAssessment:groups.${h.group}`),
          String(h.likelihood ?? ''),
          String(h.severity ?? ''),
          String(h.score ?? ''),
          level(h.level),
          h.currentControls ?? '',
        ];
      }),
    },
    footer: t('reportFooter', { title: d.assessment.title }),
    metadata: { title, subject: d.assessment.title },
  });
  return { pdf, title: d.assessment.title };
}

/**
 * The action plan (OiRA's action plan step): every measure, the hazards in priority order (then by deadline), with
 * who is responsible, by when, what it costs and whether it is done; the total cost.
 */
export async function actionPlanPdf(ctx: OpContext, id: string): Promise<{ pdf: Buffer; title: string }> {
  const d = await detailsOf(ctx, id);
  const t: T = (key, vars = {}) => translate(ctx.lang, `riskAssessment:pdf.${key}`, vars);
  const byId = new Map(d.hazards.map((h) => [h.id, h]));
  const ordered = [...d.priority, ...d.hazards.map((h) => h.id).filter((h) => !d.priority.includes(h))];
  const rows: string[][] = [];
  for (const hid of ordered) {
    const h = byId.get(hid)!;
    for (const m of h.measures)
      rows.push([
        String(rows.length + 1),
        h.level ? `${h.name} (${translate(ctx.lang, `riskAssessment:levels.${h.level}`)})` : h.name,
        m.description,
        m.owner,
        dmy(m.deadline),
        money(m.cost),
        m.status === 'done'
          ? t('done', { date: dmy(m.doneOn) })
          : translate(ctx.lang, `riskAssessment:measureStatuses.${m.overdue ? 'overdue' : 'planned'}`),
      ]);
  }
  const base = await frame(ctx, d, t);
  const title = t('planTitle');
  const pdf = await renderDocument({
    ...base,
    title,
    paragraphs: [
      t('planIntro'),
      t('planTotals', {
        measures: d.summary.measures,
        done: d.summary.measuresDone,
        overdue: d.summary.measuresOverdue,
        cost: money(d.summary.cost),
      }),
    ],
    table: {
      columns: [
        t('cols.no'),
        t('cols.hazard'),
        t('cols.measure'),
        t('cols.owner'),
        t('cols.deadline'),
        t('cols.cost'),
        t('cols.status'),
      ],
      rows,
    },
    footer: t('planFooter', { title: d.assessment.title }),
    metadata: { title, subject: d.assessment.title },
  });
  return { pdf, title: d.assessment.title };
}
