/** The generic upload and download behind the catalogue's `file` fields, and the rule for attaching a file. */
import './attach.ts';
export { default } from './routes.ts';
export { registerFileReadGrant, type FileReadGrant } from './grants.ts';
