import { useEffect, useRef } from 'react';
import { io } from 'socket.io-client';
import { useQueryClient } from '@tanstack/react-query';
import { readTokens } from '../../platform/auth/storage.ts';
import { refreshTokens } from '../../platform/http.ts';
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
    // The hub ends a socket when its access token expires (and refuses an expired one): while the user is signed
    // in, renew the token and come back. A few tries in a row at most; a connection resets the count.
    let closed = false;
    let tries = 0;
    const comeBack = async () => {
      const stale = readTokens().accessToken;
      if (closed || !stale || tries++ >= 3 || !(await refreshTokens(stale))) return;
      if (!closed) socket.connect();
    };
    socket.on('connect', () => (tries = 0));
    socket.on('disconnect', (reason) => {
      if (reason === 'io server disconnect') void comeBack();
    });
    socket.on('connect_error', (err) => {
      if (err.message === 'UNAUTHENTICATED') void comeBack();
    });
    return () => {
      closed = true;
      socket.disconnect();
    };
  }, [userId, queryClient]);
}
