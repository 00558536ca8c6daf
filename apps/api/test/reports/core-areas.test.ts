import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { isMenuGroup, menuCatalogue, type MenuLeaf, type MenuNode } from '@portal/domain/menu';
import { isGrantable } from '@portal/domain/permissions';
import { catalogRegistry } from '../../src/catalog/registry.ts';
import { createTestApp, type TestApp } from '../support/app.ts';

/**
 * The report type, assignment and reminder-step areas load, their tables exist after start-up, and they reach the
 * menu, the permission tree and the web's routes as the spec names them.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const leaves = (nodes: readonly MenuNode[]): MenuLeaf[] =>
  nodes.flatMap((n) => (isMenuGroup(n) ? leaves(n.children) : [n]));

describe('periodic report areas', () => {
  it('creates the areas’ tables at start-up (schema sync)', async () => {
    const { rows } = await sql<{ table_name: string }>`select table_name from information_schema.tables
      where table_schema = current_schema() and table_name in ('report_type', 'report_assignment', 'report_reminder_step')
      order by table_name`.execute(t.database.db);
    expect(rows.map((r) => r.table_name)).toEqual(['report_assignment', 'report_reminder_step', 'report_type']);
  });

  it('has one menu entry for who must report, with the spec’s list and edit pages', () => {
    const entries = leaves(menuCatalogue()).filter((l) => l.path === '/phan-loai-bao-cao/danh-sach');
    expect(entries).toEqual([expect.objectContaining({ permission: 'ReportAssignment.read' })]);
    const routes = catalogRegistry.get('reportAssignment').pages[0]!.routes;
    expect(routes.edit).toBe('/phan-loai-bao-cao/them-moi/{id}');
    expect(catalogRegistry.get('reportType').pages[0]!.routes.list).toBe('/danh-muc/loai-bao-cao/danh-sach');
  });

  it('grants the report subjects the menu and the calls need', () => {
    for (const p of ['Report.read', 'ReportType.update', 'ReportAssignment.update', 'ReportReminderStep.read'])
      expect(isGrantable(p), p).toBe(true);
  });

  it('gives the default roles their share: the department keeps the assignments, the others read', async () => {
    const { rows } = await sql<{ code: string; permissions: string[] }>`select code, permissions from user_type
      where code in ('CAN_BO_SO', 'CAN_BO_CAP_XA', 'DOANH_NGHIEP', 'TRUNG_TAM_DVVL')`.execute(t.database.db);
    const of = (code: string) => rows.find((r) => r.code === code)!.permissions;
    expect(of('CAN_BO_SO')).toEqual(expect.arrayContaining(['Report.read', 'ReportAssignment.update']));
    for (const code of ['CAN_BO_CAP_XA', 'DOANH_NGHIEP', 'TRUNG_TAM_DVVL']) {
      expect(of(code), code).toContain('Report.read');
      expect(of(code), code).not.toContain('ReportAssignment.update');
    }
  });
});
