import { ACCIDENT_PATHS } from '@portal/domain/accidents/features';
import { type BreadcrumbItem, type RouteEntry, withId } from '../../app/route-types.ts';

/**
 * Route-table entries of the accident pages (spec §2, Vietnamese slugs): declarations (list, declare, one
 * declaration with its versions) and the department's investigations (list, open, one investigation).
 */
const group: BreadcrumbItem[] = ['shell:menu.groups.accidents'];
const inDeclarations: BreadcrumbItem[] = [
  ...group,
  { titleKey: 'accidents:list.title', path: ACCIDENT_PATHS.declarations },
];
const inInvestigations: BreadcrumbItem[] = [
  ...group,
  { titleKey: 'accidents:investigations.title', path: ACCIDENT_PATHS.investigations },
];

export const accidentRoutes: RouteEntry[] = [
  {
    path: ACCIDENT_PATHS.declarations,
    titleKey: 'accidents:list.title',
    breadcrumb: group,
    ability: { action: 'read', subject: 'AccidentDeclaration' },
    layout: 'app',
    page: () => import('./AccidentListPage.tsx'),
  },
  {
    path: ACCIDENT_PATHS.declarationCreate,
    titleKey: 'accidents:form.createTitle',
    breadcrumb: inDeclarations,
    ability: { action: 'create', subject: 'AccidentDeclaration' },
    layout: 'app',
    page: () => import('./accident-page/index.tsx'),
  },
  {
    path: ACCIDENT_PATHS.declarationEdit,
    titleKey: 'accidents:pages.declaration',
    breadcrumb: inDeclarations,
    ability: { action: 'read', subject: 'AccidentDeclaration' },
    layout: 'app',
    page: () => import('./accident-page/index.tsx'),
    ...withId,
  },
  {
    path: ACCIDENT_PATHS.investigations,
    titleKey: 'accidents:investigations.title',
    breadcrumb: group,
    ability: { action: 'read', subject: 'AccidentDeclaration' },
    layout: 'app',
    page: () => import('./InvestigationListPage.tsx'),
  },
  {
    path: ACCIDENT_PATHS.investigationCreate,
    titleKey: 'accidents:investigations.createTitle',
    breadcrumb: inInvestigations,
    ability: { action: 'investigate', subject: 'AccidentDeclaration' },
    layout: 'app',
    page: () => import('./investigation-page/index.tsx'),
  },
  {
    path: ACCIDENT_PATHS.investigationEdit,
    titleKey: 'accidents:pages.investigation',
    breadcrumb: inInvestigations,
    ability: { action: 'read', subject: 'AccidentDeclaration' },
    layout: 'app',
    page: () => import('./investigation-page/index.tsx'),
    ...withId,
  },
];
