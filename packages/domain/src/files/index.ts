import { FEATURE_GROUPS, registerFeatures, subjectFeature, type PermissionKey } from '../permissions.ts';

/**
 * The generic upload behind the catalogue's `file` fields (spec §3 "Upload form": formFile, IsSecure,
 * IsBackground, FileType, UserId) and its download. Shared by the API (limits, permissions) and the web widget
 * (checks before sending, so the user hears about a wrong file at once).
 */

export const FILE_SUBJECT = 'File';

export const FILE_PERMISSIONS = {
  /** Upload a file (to attach it to a record afterwards). */
  upload: `${FILE_SUBJECT}.create`,
  /** Download secure files someone else uploaded; the uploader always may. */
  readSecure: `${FILE_SUBJECT}.readSecure`,
} as const satisfies Record<string, PermissionKey>;

export const FILE_PATHS = {
  upload: '/api/File/upload',
  /** `{id}`: the stored file's id. */
  download: '/api/File/download/{id}',
} as const;

/** Kinds the generic upload takes, decided by content (archives are not record attachments). */
export const UPLOAD_KINDS = ['image', 'pdf', 'spreadsheet', 'document'] as const;
/** Extensions of those kinds, for the browser's file picker when a field says nothing narrower. */
export const UPLOAD_ACCEPT = '.pdf,.png,.jpg,.jpeg,.gif,.webp,.doc,.docx,.xls,.xlsx,.odt,.ods';
/** A scanned document of a few dozen pages fits; anything bigger belongs elsewhere than a catalogue record. */
export const MAX_FILE_BYTES = 10 * 1024 * 1024;

/** What the upload answers. */
export interface UploadedFile {
  id: string;
  name: string;
  size: number;
  type: string;
  fileType: string | null;
  isSecure: boolean;
}

/** Does a file name match an `accept` list (extensions and MIME patterns, as in an input's accept)? */
export function acceptsFile(accept: string | undefined, name: string, mime = ''): boolean {
  if (!accept?.trim()) return true;
  const lower = name.toLowerCase();
  return accept
    .split(',')
    .map((a) => a.trim().toLowerCase())
    .filter(Boolean)
    .some((a) =>
      a.startsWith('.')
        ? lower.endsWith(a)
        : a.endsWith('/*')
          ? mime.toLowerCase().startsWith(a.slice(0, -1))
          : mime.toLowerCase() === a,
    );
}

registerFeatures(
  FEATURE_GROUPS.catalogues,
  subjectFeature(FILE_SUBJECT, 'files:permissions.subject', ['create', 'readSecure'], {
    key: 'catalogues.files',
    order: 50,
    actionLabels: { create: 'files:permissions.upload', readSecure: 'files:permissions.readSecure' },
  }),
);
