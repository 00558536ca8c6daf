/** The employers domain: tax codes, documents, overtime notifications, violating organisations, permissions. */
export * from './tax-code.ts';
export * from './model.ts';
export * from './permissions.ts';
export * from './pages.ts';
