import { isMessageLabel, MESSAGE_PAGES } from '@portal/domain/messaging/index';
import type { BreadcrumbItem, RouteEntry } from '../../app/route-types.ts';

/**
 * The mailbox's pages (spec §2): the inbox, the sent box, a label (personal, company, important or private; any
 * other → the 404 page) and `apps-email?idMail=…` for one message.
 */
const group: BreadcrumbItem[] = ['shell:menu.groups.messages'];
const read = { action: 'read', subject: 'Message' };

export const messagingRoutes: RouteEntry[] = [
  {
    path: MESSAGE_PAGES.inbox,
    titleKey: 'messaging:routes.inbox',
    breadcrumb: group,
    ability: read,
    layout: 'app',
    page: () => import('./InboxPage.tsx'),
  },
  {
    path: MESSAGE_PAGES.sent,
    titleKey: 'messaging:routes.sent',
    breadcrumb: group,
    ability: read,
    layout: 'app',
    page: () => import('./SentPage.tsx'),
  },
  {
    path: MESSAGE_PAGES.label,
    titleKey: 'messaging:routes.labelTitle',
    titleKeyFor: ({ label }) => `messaging:labels.${label}`,
    breadcrumb: [...group, { titleKey: 'messaging:routes.inbox', path: MESSAGE_PAGES.inbox }],
    ability: read,
    layout: 'app',
    page: () => import('./LabelPage.tsx'),
    validParams: ({ label }) => isMessageLabel(label),
  },
  {
    path: MESSAGE_PAGES.mailbox,
    titleKey: 'messaging:routes.mailbox',
    breadcrumb: [...group, { titleKey: 'messaging:routes.inbox', path: MESSAGE_PAGES.inbox }],
    ability: read,
    layout: 'app',
    page: () => import('./MessagePage.tsx'),
  },
];
