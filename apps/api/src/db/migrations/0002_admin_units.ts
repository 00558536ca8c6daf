import { type Kysely, sql } from 'kysely';
import { searchIndexSql } from '../search.ts';

// Administrative units of every generation side by side (pre-2025 provinces/districts/communes and the
// two-tier units in force since 1 July 2025), so old records keep pointing at the unit they were made with.
// The id is '<generation>:<code>' because official codes are reused across generations.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('admin_unit')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('generation', 'text', (c) => c.notNull().check(sql`generation in ('legacy', '2025')`))
    .addColumn('code', 'text', (c) => c.notNull().check(sql`code ~ '^[0-9]{2,5}$'`))
    .addColumn('level', 'text', (c) => c.notNull().check(sql`level in ('province', 'district', 'ward')`))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('name_en', 'text', (c) => c.notNull())
    .addColumn('full_name', 'text', (c) => c.notNull())
    .addColumn('full_name_en', 'text', (c) => c.notNull())
    .addColumn('type_name', 'text', (c) => c.notNull())
    .addColumn('type_name_en', 'text', (c) => c.notNull())
    .addColumn('parent_id', 'text', (c) => c.references('admin_unit.id'))
    .addColumn('province_id', 'text', (c) => c.notNull().references('admin_unit.id'))
    .addColumn('valid_from', 'date')
    .addColumn('valid_to', 'date')
    .addUniqueConstraint('admin_unit_generation_code_key', ['generation', 'code'])
    .addCheckConstraint('admin_unit_id_check', sql`id = generation || ':' || code`)
    .addCheckConstraint(
      'admin_unit_validity_check',
      sql`valid_from is null or valid_to is null or valid_from <= valid_to`,
    )
    .addCheckConstraint('admin_unit_parent_check', sql`(level = 'province') = (parent_id is null)`)
    .execute();
  // Children of a unit in code order; every unit of a level in a province.
  await db.schema.createIndex('admin_unit_parent_idx').on('admin_unit').columns(['parent_id', 'code']).execute();
  await db.schema
    .createIndex('admin_unit_province_idx')
    .on('admin_unit')
    .columns(['province_id', 'level', 'code'])
    .execute();
  await searchIndexSql('admin_unit', 'name').execute(db);
  await searchIndexSql('admin_unit', 'name_en').execute(db);

  await db.schema
    .createTable('admin_unit_successor')
    .addColumn('predecessor_id', 'text', (c) => c.notNull().references('admin_unit.id'))
    .addColumn('successor_id', 'text', (c) => c.notNull().references('admin_unit.id'))
    .addColumn('effective_date', 'date', (c) => c.notNull())
    .addPrimaryKeyConstraint('admin_unit_successor_pkey', ['predecessor_id', 'successor_id'])
    .execute();
  await db.schema
    .createIndex('admin_unit_successor_successor_idx')
    .on('admin_unit_successor')
    .column('successor_id')
    .execute();

  await db.schema
    .createTable('country')
    .addColumn('code', 'text', (c) => c.primaryKey().check(sql`code ~ '^[A-Z]{2}$'`))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('name_en', 'text', (c) => c.notNull())
    .execute();
  await searchIndexSql('country', 'name').execute(db);
  await searchIndexSql('country', 'name_en').execute(db);
}

export async function down(): Promise<void> {
  throw new Error('forward-only');
}
