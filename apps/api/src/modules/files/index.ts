/** The generic upload and download behind the catalogue's `file` fields. */
export { default } from './routes.ts';
