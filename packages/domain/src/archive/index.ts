import type { PermissionKey } from '../permissions.ts';

/**
 * The archive of closed records (quản lý hồ sơ lưu trữ): every record that is over — a periodic report accepted,
 * an accident investigation concluded, an equipment declaration confirmed, an inspection closed — is filed under
 * the index of files (danh mục hồ sơ) with the retention of its index file, until it is due for disposal.
 * Which index file a kind of record goes to is data (the ArchiveRule catalogue area), so is its retention (the
 * IndexFile area). Shared by the API and the web; the permission tree's nodes are in `features.ts`.
 */
export const ARCHIVE_SUBJECT = 'ArchiveRecord';

export const ARCHIVE_PERMISSIONS = {
  /** The list (in the caller's scope: the department all, a commune its area, an employer its own). */
  read: `${ARCHIVE_SUBJECT}.read`,
  /** A ZIP of records' PDFs with their manifest (the records the caller reads). */
  export: `${ARCHIVE_SUBJECT}.export`,
  /** File the closed records not yet filed now (the nightly job does it too). */
  file: `${ARCHIVE_SUBJECT}.file`,
  /** Record that records due for disposal were destroyed. */
  dispose: `${ARCHIVE_SUBJECT}.dispose`,
} as const satisfies Record<string, PermissionKey>;

/** The kinds of closed records the archive files, each with its closing state in its own module. */
export const ARCHIVE_SOURCES = [
  'reportSubmission',
  'accidentInvestigation',
  'equipmentDeclaration',
  'inspection',
] as const;
export type ArchiveSource = (typeof ARCHIVE_SOURCES)[number];

/** Columns the list sorts by. */
export const ARCHIVE_SORTS = ['closedOn', 'disposeOn', 'number', 'title', 'filedAt'] as const;
export type ArchiveSort = (typeof ARCHIVE_SORTS)[number];

/** Records one export may hold (a bigger set is narrowed by index file and year). */
export const ARCHIVE_EXPORT_MAX = 5000;
/** Records one disposal may mark. */
export const ARCHIVE_DISPOSE_MAX = 500;
/** Finished exports (and their ZIP files) are kept this long for their owner to download. */
export const ARCHIVE_EXPORT_KEEP_DAYS = 7;
export const ARCHIVE_EXPORT_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type ArchiveExportStatus = (typeof ARCHIVE_EXPORT_STATUSES)[number];

/** Pages (the spec's route). */
export const ARCHIVE_PATHS = {
  list: '/quan-ly-ho-so-luu-tru/danh-sach',
} as const;

/** `/api/ArchiveRecord/…` */
export const ARCHIVE_API = {
  list: '/api/ArchiveRecord/list',
  file: '/api/ArchiveRecord/file-closed-records',
  dispose: '/api/ArchiveRecord/dispose',
  exports: '/api/ArchiveRecord/exports',
  exportRun: '/api/ArchiveRecord/exports/{id}',
  exportDownload: '/api/ArchiveRecord/exports/{id}/download',
} as const;

/** The index files the portal seeds for the kinds it files (codes as the demo's index of files has them). */
export const ARCHIVE_INDEX_FILE_CODES: Readonly<Record<ArchiveSource, string>> = {
  accidentInvestigation: 'HS01',
  equipmentDeclaration: 'HS04',
  reportSubmission: 'HS06',
  inspection: 'HS08',
};
