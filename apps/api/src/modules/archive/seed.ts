import { sql } from 'kysely';
import { ARCHIVE_INDEX_FILE_CODES, ARCHIVE_SOURCES } from '@portal/domain/archive/index';
import { translate } from '@portal/domain/i18n';
import { seedCatalogRows } from '../../catalog/seed.ts';
import type { SeedStep } from '../../seed/step.ts';
import { fileClosedRecords } from './filing.ts';

const t = (key: string) => translate('vi', `archive:seed.${key}`);

/** The filing rules' codes, one per kind. */
export const ARCHIVE_RULE_CODES = {
  accidentInvestigation: 'LT-TNLD',
  equipmentDeclaration: 'LT-KBTB',
  reportSubmission: 'LT-BCDK',
  inspection: 'LT-TTKT',
} as const;

/**
 * The index files the archive files into and the rules that say so, written once (every start checks, nothing is
 * brought back once the department changed or deleted it). An index file of the same code or name is used as it
 * is (the demo's index of files has them, with retentions). One made here has no retention: the reference data
 * gives none for these kinds, so the department sets it from its own list of retention periods, and until then
 * the records of that file wait unfiled.
 */
export const archiveReferenceStep: SeedStep = {
  name: 'archive-reference',
  kind: 'reference',
  // After the index of files of the demo province (catalog-demo, 160).
  order: 165,
  async run({ db, log }) {
    const wanted = ARCHIVE_SOURCES.map((source) => ({
      source,
      code: ARCHIVE_INDEX_FILE_CODES[source],
      name: t(`indexFiles.${source}.name`),
    }));
    const existing = await sql<{ id: string; code: string | null; name: string | null }>`select id, code, name
      from index_file where deleted_at is null
        and (code = any(${wanted.map((w) => w.code)}::text[]) or name = any(${wanted.map((w) => w.name)}::text[]))`.execute(
      db,
    );
    const has = (w: (typeof wanted)[number]) => existing.rows.some((r) => r.code === w.code || r.name === w.name);
    await seedCatalogRows(db, log, 'archive.seeded.reference', {
      indexFile: wanted
        .filter((w) => !has(w))
        .map((w) => ({
          code: w.code,
          name: w.name,
          permanent: false,
          description: t(`indexFiles.${w.source}.description`),
        })),
    });
    const files = await sql<{ id: string; code: string | null; name: string | null }>`select id, code, name
      from index_file where deleted_at is null
        and (code = any(${wanted.map((w) => w.code)}::text[]) or name = any(${wanted.map((w) => w.name)}::text[]))`.execute(
      db,
    );
    const fileOf = (w: (typeof wanted)[number]) =>
      files.rows.find((r) => r.code === w.code) ?? files.rows.find((r) => r.name === w.name);
    await seedCatalogRows(db, log, 'archive.seeded.reference', {
      archiveRule: wanted
        .filter((w) => fileOf(w))
        .map((w) => ({
          code: ARCHIVE_RULE_CODES[w.source],
          name: t(`rules.${w.source}`),
          source: w.source,
          indexFileId: fileOf(w)!.id,
        })),
    });
  },
};

/** The demo province's closed records filed, as the nightly job would have done. */
export const archiveDemoStep: SeedStep = {
  name: 'archive-demo',
  kind: 'demo',
  // After every domain's demo records (periodic reports included).
  order: 987,
  async run({ db, log }) {
    const outcome = await fileClosedRecords(db);
    log.info({ filed: outcome.filed, unfiled: outcome.unfiled }, 'demo archive filed');
  },
};
