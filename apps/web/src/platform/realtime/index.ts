import { useEffect, useRef } from 'react';

/**
 * Events the real-time hub sends besides the notifications' own (the mailbox's new-mail push): the hub's one
 * connection (the notification bell's) hands them on here, and a component subscribes while it is mounted.
 */
type HubHandler = (payload: unknown) => void;
const subscribers = new Map<string, Set<HubHandler>>();

/** Run `handler` on each `event` the hub sends this user while the component is mounted. */
export function useHubEvent(event: string, handler: HubHandler): void {
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => {
    const run: HubHandler = (payload) => latest.current(payload);
    let set = subscribers.get(event);
    if (!set) subscribers.set(event, (set = new Set()));
    set.add(run);
    return () => {
      set.delete(run);
    };
  }, [event]);
}

/** Hands an event the hub sent to the components subscribed to it. */
export function dispatchHubEvent(event: string, payload: unknown): void {
  subscribers.get(event)?.forEach((run) => run(payload));
}
