import { HOME_SECTIONS, type HomeSection, type RouteEntry } from './route-types.ts';
import { homeEntries } from './route-table.ts';
import { businessRoutes } from '../modules/businesses/routes.ts';
import { accountRoutes } from '../modules/accounts/routes.ts';
import { permitRoutes } from '../modules/permits/routes.ts';
import { workerRoutes } from '../modules/workers/routes.ts';
import { messagingRoutes } from '../modules/messaging/routes.ts';
import { notificationRoutes } from '../modules/notifications/routes.ts';
import { equipmentRoutes } from '../modules/equipment/routes.ts';
import { accidentRoutes } from '../modules/accidents/routes.ts';
import { monitoringRoutes } from '../modules/monitoring/routes.ts';
import { trainingStatusRoutes } from '../modules/training/refresher/routes.ts';
import { trainingSummaryRoutes } from '../modules/training/summary/routes.ts';
import { newsRoutes } from '../modules/news/routes.ts';
import { libraryRoutes } from '../modules/library/routes.ts';
import { suggestionRoutes } from '../modules/suggestions/routes.ts';
import { lookupRoutes } from '../modules/lookups/routes.ts';
import { trainingOrganizationRoutes } from '../modules/training/organizations/routes.ts';
import { trainingCertificateRoutes } from '../modules/training/certificates/routes.ts';
import { riskAssessmentRoutes } from '../modules/risk-assessment/routes.ts';
import { inspectionRoutes } from '../modules/inspections/routes.ts';
import { accidentStatisticsRoutes } from '../modules/accidents/statistics/routes.ts';
import { signedDocumentRoutes } from '../modules/signed-documents/routes.ts';
import { archiveRoutes } from '../modules/archive/routes.ts';
import { apiClientRoutes } from '../modules/api-clients/routes.ts';
import { reportFilingRoutes } from '../modules/reports/filing/routes.ts';
import { reportCoreRoutes } from '../modules/reports/routes.ts';
import { reportStatusRoutes } from '../modules/reports/status/routes.ts';
import { statisticsPublicRoutes } from '../modules/statistics/public-routes.ts';
import { employmentPublicRoutes } from '../modules/employment/public-routes.ts';

/**
 * The route table but the catalogue's generated pages (app/routes.tsx adds them): every page's entry the first
 * page of a visit can need. The router starts with it (app/router.tsx), so the public home does not download the
 * catalogue's declarations; the whole table joins on the first visit to a back-office page.
 */
export const shellRoutes: RouteEntry[] = [
  // ── Public home and shell pages (full layout, read Auth) ─────────────────────────────────────────────
  {
    path: '/trang-chu',
    titleKey: 'shell:routes.home',
    layout: 'full',
    bare: true,
    // The shell's texts and the cards' (one small namespace).
    namespaces: ['home'],
    page: () => import('../modules/home/HomePage.tsx'),
  },
  {
    path: '/trang-chu/:type',
    titleKey: 'shell:routes.homeSection',
    titleKeyFor: ({ type }) => `shell:sections.${type}.title`,
    layout: 'full',
    bare: true,
    namespaces: ['home'],
    page: () => import('../modules/home/HomeSectionPage.tsx'),
    // A section exists only when at least one of its pages does (no empty placeholder sections).
    validParams: ({ type }) =>
      HOME_SECTIONS.includes(type as HomeSection) && homeEntries(type as HomeSection).length > 0,
  },
  {
    path: '/trang-chu/:type/:id',
    titleKey: 'shell:routes.homeSection',
    layout: 'full',
    bare: true,
    page: () => import('../modules/home/HomeItemPage.tsx'),
    // An item of a section: the news section's articles (the other sections' items are pages of their own).
    validParams: ({ type, id }) => type === 'tin-tuc' && /^[0-9a-f-]{36}$/i.test(id ?? ''),
  },
  {
    path: '/error-404',
    titleKey: 'shell:routes.notFound',
    layout: 'full',
    namespaces: [],
    page: () => import('./pages/NotFoundPage.tsx'),
  },
  {
    path: '/khong-co-quyen',
    titleKey: 'shell:routes.notAuthorized',
    layout: 'full',
    namespaces: [],
    page: () => import('./pages/NotAuthorizedPage.tsx'),
  },

  // ── Settings (app layout) ──────────────────────────────────────────────────────────────────────────────
  {
    path: '/cai-dat',
    titleKey: 'shell:routes.settings',
    breadcrumb: ['shell:menu.groups.system'],
    ability: { action: 'read', subject: 'Configuration' },
    layout: 'app',
    page: () => import('../modules/settings/SettingsPage.tsx'),
  },
  {
    path: '/chinh-sua-menu',
    titleKey: 'shell:routes.menuEditor',
    breadcrumb: ['shell:menu.groups.system'],
    ability: { action: 'update', subject: 'Menu' },
    layout: 'app',
    page: () => import('../modules/settings/MenuEditorPage.tsx'),
  },
  {
    path: '/chinh-sua-menu/keo-tha',
    titleKey: 'shell:routes.menuDragDrop',
    breadcrumb: ['shell:menu.groups.system', { titleKey: 'shell:routes.menuEditor', path: '/chinh-sua-menu' }],
    ability: { action: 'update', subject: 'Menu' },
    layout: 'app',
    page: () => import('../modules/settings/MenuDragDropPage.tsx'),
  },

  // ── Employers: list with registry sync, own profile, documents, overtime, violations (public list too) ──
  ...businessRoutes,

  // ── Identity: sign-in pages, one's own account, users, units, user types, access history, mail outbox ──
  ...accountRoutes,

  // ── Work permits and confirmations (employer requests, the department's licensing list) ─────────────────
  ...permitRoutes,

  // ── Workers: a worker's progress and overtime, course participants, report files, a target group's workers ──
  ...workerRoutes,

  // ── Messages: inbox, sent box, labels and one message (the inbox preview is in the header) ─────────────
  ...messagingRoutes,

  // ── Notifications: the view-all list (the bell is in the header) ──────────────────────────────────────
  ...notificationRoutes,

  // ── Equipment: declarations and the department's queue, a machine's detail, the summary, public look-ups ──
  ...equipmentRoutes,
  ...accidentRoutes,

  // ── Working-environment monitoring: a report with its readings, the organisation's file, the overview ──
  ...monitoringRoutes,
  ...trainingStatusRoutes,
  ...trainingSummaryRoutes,
  ...newsRoutes,
  ...libraryRoutes,
  ...suggestionRoutes,

  // ── Public look-ups: a work permit, a worker, an employer's public page ──────────────────────────────
  ...lookupRoutes,
  ...trainingOrganizationRoutes,
  ...trainingCertificateRoutes,
  ...riskAssessmentRoutes,
  ...inspectionRoutes,
  ...accidentStatisticsRoutes,
  ...apiClientRoutes,
  ...signedDocumentRoutes,
  ...reportFilingRoutes,
  ...archiveRoutes,
  ...reportCoreRoutes,
  ...reportStatusRoutes,
  // ── Employment services: the public vacancies board (the matches join with the whole table: app/routes.tsx) ──
  ...employmentPublicRoutes,
  // ── Statistics: the public page (the signed-in pages join with the whole table: app/routes.tsx) ──────────
  ...statisticsPublicRoutes,
];
