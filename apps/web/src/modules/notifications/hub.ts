import { useEffect, useRef } from 'react';
import { io } from 'socket.io-client';
import { useQueryClient } from '@tanstack/react-query';
import { readTokens } from '../../platform/auth/storage.ts';
import { dispatchHubEvent } from '../../platform/realtime/index.ts';
import { notificationKeys } from './api.ts';

/** The real-time hub (spec §7): same origin, path /hubs/notify, query uid and mid, automatic reconnect. */
export const HUB_PATH = '/hubs/notify';
export const NOTIFY_EVENT = 'NotifySystem';

/** This tab's id on the hub (`mid`). */
const tabId = Math.random().toString(36).slice(2, 10);

/**
 * While a user is signed in: on NotifySystem, reload the bell's first 5, page 1 of the view-all list and the
 * unread count (every notifications query), then `onEvent` (the pop-up). A failed connection is ignored
 * (spec §8); socket.io keeps retrying. The token is read at each (re)connection, so a refreshed one is used.
 */
export function useNotificationHub(userId: string | undefined, onEvent: () => void): void {
  const queryClient = useQueryClient();
  // The latest callback, without reconnecting when the caller renders a new one.
  const handler = useRef(onEvent);
  handler.current = onEvent;
  useEffect(() => {
    if (!userId) return;
    const socket = io({
      path: HUB_PATH,
      query: { uid: userId, mid: tabId },
      auth: (cb) => cb({ token: readTokens().accessToken ?? '' }),
      transports: ['websocket'],
      reconnection: true,
    });
    socket.on(NOTIFY_EVENT, () => {
      void queryClient.invalidateQueries({ queryKey: notificationKeys.all }).then(() => handler.current());
    });
    socket.onAny((event: string, payload: unknown) => {
      if (event !== NOTIFY_EVENT) dispatchHubEvent(event, payload);
    });
    socket.on('connect_error', () => undefined);
    return () => {
      socket.disconnect();
    };
  }, [userId, queryClient]);
}
