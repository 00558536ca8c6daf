import type { QueryClient } from '@tanstack/react-query';
import { NOTIFICATION_LIMITS } from '@portal/domain/notifications/kinds';
import type { NotificationItem, NotificationPreference } from '@portal/domain/notifications/schemas';
import { apiFetch } from '../../app/api-client.ts';

/** The notification calls (`/api/Notification/...`) and the query keys the bell, the page and the hub share. */
const BASE = '/api/Notification';

export interface NotificationPage {
  pageLists: NotificationItem[];
  totalRecord: number;
}

export const notificationKeys = {
  all: ['notifications'] as const,
  dropdown: ['notifications', 'dropdown'] as const,
  unread: ['notifications', 'unread'] as const,
  page: (status: number, pageNumber: number, pageSize: number) =>
    ['notifications', 'page', status, pageNumber, pageSize] as const,
  preferences: ['notifications', 'preferences'] as const,
};

export const notificationApi = {
  list: (status: number, pageNumber: number, pageSize: number, signal?: AbortSignal) =>
    apiFetch<NotificationPage>(`${BASE}/notifications`, {
      query: { notifyStatus: String(status), pageNumber: String(pageNumber), pageSize: String(pageSize) },
      ...(signal ? { signal } : {}),
    }),
  dropdown: (signal?: AbortSignal) => notificationApi.list(0, 1, NOTIFICATION_LIMITS.dropdown, signal),
  unreadCount: (signal?: AbortSignal) =>
    apiFetch<{ count: number }>(`${BASE}/unread-count`, signal ? { signal } : {}).then((r) => r.count),
  seen: (id: string) => apiFetch<{ id: string; viewDate: string }>(`${BASE}/seen/${id}`),
  readAll: () => apiFetch<{ count: number }>(`${BASE}/read-all`, { method: 'POST' }),
  remove: (ids: string[]) => apiFetch<{ count: number }>(`${BASE}/delete-notifications`, { method: 'POST', body: ids }),
  preferences: (signal?: AbortSignal) =>
    apiFetch<NotificationPreference[]>(`${BASE}/preferences`, signal ? { signal } : {}),
  savePreferences: (preferences: Array<Pick<NotificationPreference, 'kind' | 'channel'>>) =>
    apiFetch<NotificationPreference[]>(`${BASE}/preferences`, { method: 'PUT', body: { preferences } }),
};

/**
 * Open a notification: an unread one is marked seen (its view date set in every cached list at once, the
 * unread count reloaded); the caller then follows its link.
 */
export async function markSeen(queryClient: QueryClient, item: NotificationItem): Promise<void> {
  if (item.viewDate) return;
  const { viewDate } = await notificationApi.seen(item.id);
  // Every cached list (the count and the preferences share the prefix and are left alone).
  queryClient.setQueriesData<NotificationPage>({ queryKey: notificationKeys.all }, (page) =>
    page && typeof page === 'object' && 'pageLists' in page
      ? { ...page, pageLists: page.pageLists.map((n) => (n.id === item.id ? { ...n, viewDate } : n)) }
      : page,
  );
  await queryClient.invalidateQueries({ queryKey: notificationKeys.unread });
}
