import { defineCatalog, field } from '../define.ts';
import { ASSESSMENT_STATUSES, HAZARD_SECTORS, REVIEW_REASONS } from '../../risk-assessment/rules.ts';

/**
 * An employer's risk assessment of one work area or job (Law 84/2015 Art 77, Decree 39/2016 Art 7), done the way
 * EU-OSHA's OiRA guides it: the hazards of its sector's library and its own are answered, the present ones rated
 * (likelihood × severity → level by the risk matrix in force) and given measures (modules/risk-assessment). A
 * completed assessment is due again on `nextReviewOn` (the completion date plus the interval in force) or when an
 * accident in its work area links to it after completion. The employer owns it; the department reads all.
 */
export default defineCatalog({
  key: 'riskAssessment',
  area: 'RiskAssessment',
  plural: 'riskAssessments',
  table: 'risk_assessment',
  scope: 'employer',
  texts: 'riskAssessment:areas.riskAssessment',
  fields: {
    title: field.name(),
    businessId: field.employer(),
    workArea: field.text({ max: 255, required: true, width: 30 }),
    sector: field.enum({ options: HAZARD_SECTORS, required: true, optionLabels: 'riskAssessment:sectors' }),
    assessedOn: field.date({ required: true }),
    assessors: field.text({ max: 500, required: true, width: 30 }),
    workerCount: field.number({ integer: true, min: 0, max: 1_000_000 }),
    status: field.enum({ options: ASSESSMENT_STATUSES, readOnly: true, optionLabels: 'riskAssessment:statuses' }),
    completedOn: field.date({ readOnly: true }),
    nextReviewOn: field.date({ readOnly: true }),
    // Why it must be done again, as of today (modules/risk-assessment fills it on every read; never stored).
    reviewDue: field.enum({ options: REVIEW_REASONS, readOnly: true, optionLabels: 'riskAssessment:reviewReasons' }),
    hazardCount: field.number({ integer: true, min: 0, readOnly: true }),
    highRiskCount: field.number({ integer: true, min: 0, readOnly: true }),
    // The assessment this one re-does (made from it by "đánh giá lại"): the older one is then no longer due.
    previousId: field.reference({ target: 'riskAssessment', readOnly: true, width: 30 }),
    note: field.longText(),
  },
  titleField: 'title',
  // An employer names each of its assessments apart (a re-assessment says so in its title); imports match by it.
  unique: { title: ['title'] },
  list: {
    columns: [
      'title',
      'workArea',
      'status',
      'reviewDue',
      'nextReviewOn',
      'highRiskCount',
      'assessedOn',
      'sector',
      'businessId',
    ],
    defaultSort: { field: 'assessedOn', order: 'desc' },
  },
  filters: ['businessId', 'sector', 'status', 'reviewDue', 'assessedOn', 'nextReviewOn'],
  search: ['title', 'workArea'],
  // The assessment's own page (hazards, ratings, measures, PDFs) is its detail; a new one opens there once saved.
  routes: { base: '/an-toan-ve-sinh-lao-dong/danh-gia-rui-ro', import: false, own: ['create', 'detail'] },
  menu: { group: 'safety', order: 40 },
});
