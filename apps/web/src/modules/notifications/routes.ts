import { NOTIFICATION_PAGE } from '@portal/domain/notifications/kinds';
import type { RouteEntry } from '../../app/route-types.ts';

/** `/thong-bao/danh-sach` (spec §2): every signed-in user's own notifications. */
export const notificationRoutes: RouteEntry[] = [
  {
    path: NOTIFICATION_PAGE,
    titleKey: 'notifications:routes.list',
    ability: { action: 'read', subject: 'Profile' },
    layout: 'app',
    page: () => import('./NotificationsPage.tsx'),
  },
];
