import { LIBRARY_PAGES } from '@portal/domain/library/index';
import type { RouteEntry } from '../../app/route-types.ts';

/**
 * Public pages of legal documents and open data (no sign-in). The back office's list of legal documents is the
 * catalogue's generated page (`/tin-tuc/van-ban-phap-ly/danh-sach`, the LegalDocument declaration).
 */
export const libraryRoutes: RouteEntry[] = [
  {
    path: LIBRARY_PAGES.legalDocuments,
    titleKey: 'library:routes.legalDocuments',
    layout: 'full',
    namespaces: ['library'],
    page: () => import('./LegalDocumentsPage.tsx'),
    home: { section: 'tra-cuu', card: 'legalDocuments', order: 60 },
  },
  {
    path: LIBRARY_PAGES.openData,
    titleKey: 'library:routes.openData',
    layout: 'full',
    namespaces: ['library'],
    page: () => import('./OpenDataPage.tsx'),
    home: { section: 'tra-cuu', card: 'openData', order: 70 },
  },
];
