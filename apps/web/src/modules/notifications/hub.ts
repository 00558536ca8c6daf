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

/** Whether an access token has expired (or will within seconds), read from its own claims. */
function expired(token: string): boolean {
  try {
    const claims = JSON.parse(atob(token.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/'))) as { exp?: number };
    return !claims.exp || claims.exp * 1000 < Date.now() + 5_000;
  } catch {
    return true;
  }
}

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
    // The token the socket last connected with.
    let used = '';
    const socket = io({
      path: HUB_PATH,
      query: { uid: userId, mid: tabId },
      auth: (cb) => {
        used = readTokens().accessToken ?? '';
        cb({ token: used });
      },
      transports: ['websocket'],
      reconnection: true,
    });
    socket.on(NOTIFY_EVENT, () => {
      void queryClient.invalidateQueries({ queryKey: notificationKeys.all }).then(() => handler.current());
    });
    socket.onAny((event: string, payload: unknown) => {
      if (event !== NOTIFY_EVENT) dispatchHubEvent(event, payload);
    });
    // The hub ends a socket when its access token expires or its session ends, and refuses an expired token. An
    // expired token is renewed here (the app would renew it at its next call anyway); otherwise — the session was
    // ended elsewhere — the hub waits for the app to hold another token (a new sign-in, a renewal) before it comes
    // back, and never renews a revoked session's token itself.
    let closed = false;
    let watch: ReturnType<typeof setInterval> | undefined;
    const comeBack = () => {
      const stale = used;
      if (closed || watch) return;
      if (expired(stale)) void refreshTokens(stale);
      watch = setInterval(() => {
        const current = readTokens().accessToken;
        if (closed || !current) return stop();
        if (current !== stale && !expired(current)) {
          stop();
          socket.connect();
        }
      }, 2_000);
    };
    const stop = () => {
      clearInterval(watch);
      watch = undefined;
    };
    socket.on('disconnect', (reason) => {
      if (reason === 'io server disconnect') comeBack();
    });
    socket.on('connect_error', (err) => {
      if (err.message === 'UNAUTHENTICATED') comeBack();
    });
    return () => {
      closed = true;
      stop();
      socket.disconnect();
    };
  }, [userId, queryClient]);
}
