import type { Generated } from '../../db/columns.ts';

export interface FileTables {
  stored_file: {
    id: Generated<string>;
    original_name: string;
    mime: string;
    ext: string;
    size: number;
    sha256: string;
    storage_key: string;
    is_secure: Generated<boolean>;
    file_type: string | null;
    uploaded_by: string | null;
    business_id: string | null;
    created_at: Generated<Date>;
  };
}
