import { sql } from 'kysely';
import type { FileReadGrant } from '../files/index.ts';
import { callerOf, visibleTo } from './access.ts';

// The people who see an inspection may download its conclusion and the employer's evidence (secure uploads
// otherwise open to their uploader only). The public look-up never names a file.
export const inspectionFileGrant: FileReadGrant = async (db, principal, fileId) => {
  const rows = await sql<{ ok: number }>`select 1 as ok from labour_inspection i
    where ${visibleTo(callerOf(principal))} and (i.conclusion_file_id = ${fileId}
      or exists (select 1 from labour_inspection_requirement r where r.inspection_id = i.id
        and ${fileId}::uuid = any(r.answer_file_ids)))
    limit 1`.execute(db);
  return rows.rows.length > 0;
};
