/**
 * Long work on the API's thread (an import validating 50 000 rows) hands the thread back to other requests
 * every few milliseconds, so a health check or a page waits for one slice of it, never for the whole.
 */

/** Longest stretch between two hand-backs. Short enough that a request waiting behind it is not noticed. */
export const TURN_MS = 8;

export interface Turns {
  /** True when the current stretch has run its share: then `await turns.next()`. */
  due(): boolean;
  /** Let every pending request and timer run, then start a new stretch. */
  next(): Promise<void>;
}

/**
 * `for (const row of rows) { if (turns.due()) await turns.next(); … }`: the check costs a clock read, and the
 * loop pauses only when its stretch is over (no promise per row).
 */
export function takeTurns(): Turns {
  let since = performance.now();
  return {
    due: () => performance.now() - since >= TURN_MS,
    next: () =>
      new Promise<void>((resolve) =>
        setImmediate(() => {
          since = performance.now();
          resolve();
        }),
      ),
  };
}

/** Splits a list into consecutive parts of `size` (writes of a few hundred rows per statement). */
export function chunksOf<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/**
 * The JSON text of `{ ...head, [key]: list }`, the list written item by item in turns: one `JSON.stringify` of a
 * 50 000-row import answer holds the thread for half a second. Sent as text, the answer skips the response
 * schema's check, so only answers built by the server itself go this way.
 */
export async function stringifyInTurns(
  head: Record<string, unknown>,
  key: string,
  list: readonly unknown[],
): Promise<string> {
  const turns = takeTurns();
  const parts: string[] = [];
  let part: string[] = [];
  for (const item of list) {
    if (turns.due()) {
      parts.push(part.join(','));
      part = [];
      await turns.next();
    }
    part.push(JSON.stringify(item));
  }
  if (part.length) parts.push(part.join(','));
  const opening = JSON.stringify({ ...head, [key]: [] });
  return `${opening.slice(0, -2)}${parts.filter(Boolean).join(',')}]}`;
}
