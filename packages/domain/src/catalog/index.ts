/** Catalogue declarations: types, field builders, defaults, start-up validation and shared record helpers. */
export * from './types.ts';
export * from './define.ts';
export * from './resolve.ts';
export * from './validate.ts';
export * from './record.ts';
export * from './features.ts';
