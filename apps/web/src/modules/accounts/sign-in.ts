import { ApiError } from '../../app/api-client.ts';

/**
 * What the sign-in page shares with the other identity pages, kept free of Ant Design: the sign-in page is
 * the one every user opens every day and loads none of it.
 */

/** sessionStorage key of a pending second sign-in step (2FA). */
export const CHALLENGE_KEY = 'twoFactorChallenge';

export function errorText(err: unknown): string {
  return err instanceof ApiError || err instanceof Error ? err.message : String(err);
}

/** A `redirect` query parameter that stays inside the portal (never another site). */
export function safeRedirect(value: string | null): string | null {
  return value && value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\') ? value : null;
}
