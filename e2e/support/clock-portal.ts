import { afterAll, beforeAll } from 'vitest';
import { useBrowser, type BrowserSession } from './browser.ts';
import { startPortal, type Portal } from './portal.ts';
import { callApi } from './session.ts';

/** The demo accounts' password (demo province only). */
export const DEMO_PASSWORD = 'Demo@2026';

export interface ClockPortal {
  ui: BrowserSession;
  /** An API call as `userName` (a demo account), or as the administrator when none is named. */
  api<T>(path: string, init?: { method?: string; body?: unknown; userName?: string }): Promise<T>;
  /** Moves the portal's day (null: back to the machine's); the daily tasks run for it before this resolves. */
  setClock(today: string | null): Promise<unknown>;
}

/**
 * A test file with a portal of its own whose clock the test moves (a server started with TEST_CLOCK): reminders,
 * due and overdue states are walked through by setting the day. Registers the portal and the browser on it.
 */
export function useClockPortal(): ClockPortal {
  let portal: Portal | undefined;
  beforeAll(async () => {
    portal = await startPortal({ TEST_CLOCK: '1' });
  }, 120_000);
  afterAll(async () => portal?.stop());
  const ui = useBrowser({ baseUrl: () => portal!.baseUrl });
  const api = <T>(path: string, init: { method?: string; body?: unknown; userName?: string } = {}) =>
    callApi<T>(ui.baseUrl, path, {
      ...init,
      ...(init.userName && init.userName !== 'admin' ? { password: DEMO_PASSWORD } : {}),
    });
  const setClock = (today: string | null) => api('/api/Test/clock', { method: 'PUT', body: { today } });
  return { ui, api, setClock };
}
