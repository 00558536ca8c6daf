/**
 * Report forms as data (issue #25): a definition (schema.ts) checked at load (definition.ts), one engine for
 * the API and the web (engine.ts, values.ts), and the shipped report types (definitions/).
 */
export * from './schema.ts';
export * from './expression.ts';
export * from './definition.ts';
export * from './engine.ts';
export * from './values.ts';
export { validateSubmission } from './validate.ts';
export { REPORT_FORMS, SHIPPED_FORMS } from './definitions/index.ts';
