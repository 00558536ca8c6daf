/** The generic upload and download behind the catalogue's `file` fields, and the rule for attaching a file. */
import { defineModule } from '../define.ts';
import { attachHooks } from './attach.ts';
import files from './routes.ts';

export type { FileReadGrant } from './grants.ts';

export default defineModule({ name: 'files', plugin: files, catalogueHooks: attachHooks });
