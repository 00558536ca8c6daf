/** Work permits and confirmation certificates (`WorkerLicense`): states, rules, required files, shapes, permissions. */
export * from './state.ts';
export * from './rules.ts';
export * from './requirements.ts';
export * from './schemas.ts';
export * from './features.ts';
