import { TRASH_SUBJECT, areaText, type ResolvedCatalog, type ResolvedPage } from '@portal/domain/catalog/resolve';
import { deriveTexts, i18n } from '../app/i18n.ts';
import { withId, type BreadcrumbItem, type RouteEntry } from '../app/route-types.ts';
import { catalogs } from './registry.ts';

const toRouterPath = (path: string) => path.replace(/\{id\}/g, ':id');

type PageKind = 'create' | 'edit' | 'detail' | 'import';
const titleTemplates: Record<PageKind, string> = {
  create: 'catalog:form.createTitle',
  edit: 'catalog:form.editTitle',
  detail: 'catalog:form.detailTitle',
  import: 'catalog:import.title',
};

/**
 * Page titles such as "Thêm mới vị trí công việc" are made from the area's noun, in each language as it loads,
 * and added to the catalogue namespace under `generated.{page}.{kind}`: the route table takes keys, not texts.
 */
function titleKey(page: ResolvedPage, c: ResolvedCatalog, kind: PageKind): string {
  const key = `generated.${page.id.replace('.', '_')}.${kind}`;
  deriveTexts((lng) => {
    const noun = i18n.t(areaText(c.declaration, 'noun'), { lng });
    i18n.addResource(lng, 'catalog', key, i18n.t(titleTemplates[kind], { lng, noun }));
  });
  return `catalog:${key}`;
}

/**
 * Route entries of every catalogue page, in the shell's route-table shape: list (or tree), create, edit,
 * detail and import at each area's Vietnamese slugs, legacy aliases, and the trash bin. Pages load lazily.
 */
export function catalogRoutes(): RouteEntry[] {
  const out: RouteEntry[] = [];
  for (const c of catalogs) {
    const menu = c.declaration.menu;
    const group: BreadcrumbItem[] = menu ? [`shell:menu.groups.${menu.group}`] : [];
    // Pages the area's domain draws itself (its own entries in the route table) are not generated.
    const own = new Set(c.declaration.routes?.own ?? []);
    for (const page of c.pages) {
      const id = page.id;
      const r = page.routes;
      const ability = (action: string) => ({ action, subject: c.subject });
      const list: RouteEntry = {
        path: r.list,
        titleKey: page.titleKey,
        breadcrumb: group,
        ability: ability('read'),
        layout: 'app',
        page: c.parentField
          ? () => import('./TreePage.tsx').then((m) => ({ default: m.bind(id) }))
          : () => import('./ListPage.tsx').then((m) => ({ default: m.bind(id) })),
      };
      if (!own.has('list')) out.push(list);
      if (r.aliases.list && !own.has('list')) out.push({ ...list, path: toRouterPath(r.aliases.list) });
      const inner: BreadcrumbItem[] = [...group, { titleKey: page.titleKey, path: r.list }];
      if (r.create && !own.has('create')) {
        const create: RouteEntry = {
          path: r.create,
          titleKey: titleKey(page, c, 'create'),
          breadcrumb: inner,
          ability: ability('create'),
          layout: 'app',
          page: () => import('./FormPage.tsx').then((m) => ({ default: m.bind(id, 'create') })),
        };
        out.push(create);
        if (r.aliases.create) out.push({ ...create, path: r.aliases.create });
      }
      if (r.edit && !own.has('edit')) {
        const edit: RouteEntry = {
          path: toRouterPath(r.edit),
          titleKey: titleKey(page, c, 'edit'),
          breadcrumb: inner,
          ability: ability('update'),
          layout: 'app',
          ...withId,
          page: () => import('./FormPage.tsx').then((m) => ({ default: m.bind(id, 'edit') })),
        };
        out.push(edit);
        if (r.aliases.edit) out.push({ ...edit, path: toRouterPath(r.aliases.edit) });
      }
      if (r.detail && !own.has('detail')) {
        out.push({
          path: toRouterPath(r.detail),
          titleKey: titleKey(page, c, 'detail'),
          breadcrumb: inner,
          ability: ability('read'),
          layout: 'app',
          ...withId,
          page: () => import('./DetailPage.tsx').then((m) => ({ default: m.bind(id) })),
        });
      }
      if (r.import && !own.has('import')) {
        const importPage: RouteEntry = {
          path: r.import,
          titleKey: titleKey(page, c, 'import'),
          breadcrumb: inner,
          ability: ability('import'),
          layout: 'app',
          page: () => import('./ImportPage.tsx').then((m) => ({ default: m.bind(id) })),
        };
        out.push(importPage);
        if (r.aliases.import) out.push({ ...importPage, path: r.aliases.import });
      }
    }
  }
  out.push({
    path: '/thung-rac',
    titleKey: 'catalog:trash.title',
    breadcrumb: ['shell:menu.groups.users'],
    ability: { action: 'read', subject: TRASH_SUBJECT },
    layout: 'app',
    page: () => import('./TrashPage.tsx'),
  });
  return out;
}
