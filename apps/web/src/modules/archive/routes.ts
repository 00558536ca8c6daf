import { ARCHIVE_PATHS } from '@portal/domain/archive/index';
import type { RouteEntry } from '../../app/route-types.ts';

/** The archive of closed records (spec §2: "/quan-ly-ho-so-luu-tru/danh-sach"). */
export const archiveRoutes: RouteEntry[] = [
  {
    path: ARCHIVE_PATHS.list,
    titleKey: 'archive:routes.list',
    breadcrumb: ['shell:menu.groups.documents'],
    ability: { action: 'read', subject: 'ArchiveRecord' },
    layout: 'app',
    page: () => import('./ArchivePage.tsx'),
  },
];
