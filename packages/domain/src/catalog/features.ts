import {
  CATALOGUE_ACTIONS,
  FEATURE_GROUPS,
  registerFeatures,
  subjectFeature,
  type FeatureGroupKey,
} from '../permissions.ts';
import { REFERENCE_KEEPER_UNITS, registerMenuItems } from '../menu.ts';
import { TRASH_SUBJECT, areaText, type ResolvedCatalog } from './resolve.ts';

/** Where an area's permission node hangs in the user-type editor: beside its menu entry's domain. */
const FEATURE_GROUP_OF_MENU: Record<string, FeatureGroupKey> = {
  dashboard: FEATURE_GROUPS.statistics,
  users: FEATURE_GROUPS.system,
  businesses: FEATURE_GROUPS.businesses,
  workers: FEATURE_GROUPS.workers,
  safety: FEATURE_GROUPS.safety,
  accidents: FEATURE_GROUPS.accidents,
  training: FEATURE_GROUPS.training,
  news: FEATURE_GROUPS.news,
  reports: FEATURE_GROUPS.reports,
  documents: FEATURE_GROUPS.catalogues,
  employment: FEATURE_GROUPS.employment,
  links: FEATURE_GROUPS.integration,
  messages: FEATURE_GROUPS.messaging,
  system: FEATURE_GROUPS.system,
};

/**
 * Contribute every area's permission-tree node (Subject.read/create/update/delete/import/export) and the
 * trash bin's, so adding an area adds its node. Idempotent: registering again replaces the nodes.
 */
export function registerCatalogFeatures(catalogs: readonly ResolvedCatalog[]): void {
  catalogs.forEach((c, i) => {
    if (c.declaration.lookup || c.declaration.permissionNode === false) return;
    const group = c.declaration.menu
      ? (FEATURE_GROUP_OF_MENU[c.declaration.menu.group] ?? FEATURE_GROUPS.catalogues)
      : FEATURE_GROUPS.catalogues;
    registerFeatures(
      group,
      subjectFeature(c.subject, areaText(c.declaration, 'title'), CATALOGUE_ACTIONS, {
        key: `catalogues.${c.key}`,
        order: 100 + (c.declaration.menu ? c.declaration.menu.order : 900 + i),
      }),
    );
  });
  registerFeatures(
    FEATURE_GROUPS.system,
    subjectFeature(TRASH_SUBJECT, 'catalog:trash.title', ['read', 'delete'], { key: 'system.trash', order: 90 }),
  );
}

/**
 * Contribute each list page (and each view's page) to the side-menu catalogue, under the declared group, so a
 * new area shows up in the menu of users allowed to read it. Idempotent.
 */
export function registerCatalogMenu(catalogs: readonly ResolvedCatalog[]): void {
  for (const c of catalogs) {
    const menu = c.declaration.menu;
    if (!menu || c.declaration.lookup) continue;
    for (const page of c.pages) {
      if (page.view?.menu === false) continue;
      registerMenuItems(menu.group, {
        path: page.routes.list,
        permission: `${c.subject}.read`,
        titleKey: page.titleKey,
        // Province-wide reference lists are kept by the department (the other units' default types only read
        // them); every other unit meets them in its forms' drop-downs, not as menu entries.
        ...(c.declaration.scope === 'global' ? { units: REFERENCE_KEEPER_UNITS } : {}),
        // After the group's own entries (unordered ones count as 1000), in declaration order among themselves.
        order: 1000 + menu.order + (page.view?.menu ? page.view.menu.order : 0) / 100,
      });
    }
  }
}
