import { z } from 'zod';
import {
  ARCHIVE_DISPOSE_MAX,
  ARCHIVE_EXPORT_MAX,
  ARCHIVE_EXPORT_STATUSES,
  ARCHIVE_SORTS,
  ARCHIVE_SOURCES,
} from '@portal/domain/archive/index';
import { pageOf } from '@portal/domain/paging';

/** Request and answer shapes of `/api/ArchiveRecord/…`. */

const flag = z.enum(['true', 'false']).optional();

export const archiveListQuery = z.object({
  pageNumber: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  /** Title, number, employer (name or tax code). */
  keyWord: z.string().trim().max(200).optional(),
  indexFileId: z.uuid().optional(),
  source: z.enum(ARCHIVE_SOURCES).optional(),
  /** The year the records closed. */
  year: z.coerce.number().int().min(1900).max(2100).optional(),
  /** Due for disposal: the retention is over (dispose_on ≤ today) and no disposal is recorded. */
  due: flag,
  /** true: only disposed records; false: only records still kept. */
  disposed: flag,
  sortBy: z.enum(ARCHIVE_SORTS).optional(),
  sortOrder: z.enum(['asc', 'desc']).optional(),
});
export type ArchiveListQuery = z.infer<typeof archiveListQuery>;

export const archiveRow = z.object({
  id: z.string(),
  source: z.enum(ARCHIVE_SOURCES),
  recordId: z.string(),
  title: z.string(),
  number: z.string().nullable(),
  businessId: z.string().nullable(),
  businessName: z.string().nullable(),
  indexFileId: z.string().nullable(),
  indexFileCode: z.string().nullable(),
  indexFileName: z.string().nullable(),
  closedOn: z.string(),
  /** Null: kept permanently. */
  retentionYears: z.number().nullable(),
  disposeOn: z.string().nullable(),
  status: z.enum(['kept', 'due', 'disposed']),
  filedAt: z.string(),
  disposedAt: z.string().nullable(),
  disposedByName: z.string().nullable(),
  disposalReason: z.string().nullable(),
});
export type ArchiveRow = z.infer<typeof archiveRow>;
export const archivePage = pageOf(archiveRow);

const counts = z.object({ filed: z.number(), unfiled: z.number() });
export const filingAnswer = counts.extend({
  bySource: z.object(
    Object.fromEntries(ARCHIVE_SOURCES.map((s) => [s, counts])) as Record<
      (typeof ARCHIVE_SOURCES)[number],
      typeof counts
    >,
  ),
});

export const disposeBody = z.object({
  ids: z.array(z.uuid()).min(1).max(ARCHIVE_DISPOSE_MAX),
  /** The basis: the number and date of the decision to destroy records past their retention. */
  reason: z.string().trim().min(1).max(1000),
});
export const disposeAnswer = z.object({ disposed: z.number() });

/** An export: an index file and a year, or the records chosen (one or the other). */
export const exportBody = z.union([
  z.object({ indexFileId: z.uuid(), year: z.number().int().min(1900).max(2100) }).strict(),
  z.object({ ids: z.array(z.uuid()).min(1).max(ARCHIVE_EXPORT_MAX) }).strict(),
]);
export type ExportBody = z.infer<typeof exportBody>;

export const exportRun = z.object({
  id: z.string(),
  label: z.string(),
  status: z.enum(ARCHIVE_EXPORT_STATUSES),
  total: z.number(),
  done: z.number(),
  fileName: z.string().nullable(),
  byteSize: z.number().nullable(),
  sha256: z.string().nullable(),
  error: z.object({ code: z.string(), message: z.string() }).nullable(),
  requestedAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type ExportRun = z.infer<typeof exportRun>;
