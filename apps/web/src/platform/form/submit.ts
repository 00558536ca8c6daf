/**
 * Single-flight submits with an idempotency key, without React (the hook in use-submit.ts holds one per form).
 *
 * - A second submit while one is in flight (a double click, Enter pressed twice) is ignored, and the form stays
 *   busy until the success or error handling has run too (a click between the answer and the navigation away
 *   must not send again).
 * - The form keeps one key: a retry after a failure whose outcome is unknown (the network, a server error, the
 *   first sending still running) reuses it, so the server answers the first result instead of creating again.
 *   A success renews it (the next sending is a new record), and so does a refusal the server decided (a 4xx
 *   such as a field error): nothing was created, and the corrected form is a new request, which the old key
 *   would refuse as "the same key with another content".
 */

export interface SubmitHandlers<I, T> {
  send: (input: I, idempotencyKey: string) => Promise<T>;
  onSuccess?: (value: T, input: I) => unknown;
  onError?: (error: unknown, input: I) => unknown;
}

export type SubmitOutcome<T> =
  | { status: 'done'; value: T }
  | { status: 'failed'; error: unknown }
  /** Another submit of the form was already in flight. */
  | { status: 'ignored' };

export interface Submitter<I, T> {
  submit(input: I): Promise<SubmitOutcome<T>>;
  readonly busy: boolean;
  /** The key the next sending carries. */
  readonly key: string;
}

/** A random key (16 bytes, hex): getRandomValues works on plain-HTTP installations too, unlike randomUUID. */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Statuses that say the server did not decide on the content: the same sending may be tried again as it is. */
const UNDECIDED = new Set([401, 408, 425, 429]);

/**
 * Whether the server answered the sending for good (a refusal of its content), so its key is spent. Network
 * failures, 5xx and "still running" leave it open: the first sending may have been stored.
 */
export function serverDecided(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { status, code } = error as { status?: unknown; code?: unknown };
  if (typeof status !== 'number' || status < 400 || status >= 500) return false;
  return !UNDECIDED.has(status) && code !== 'IDEMPOTENCY_KEY_IN_PROGRESS';
}

export function createSubmitter<I, T>(
  handlers: () => SubmitHandlers<I, T>,
  options: { newKey?: () => string; onBusyChange?: (busy: boolean) => void } = {},
): Submitter<I, T> {
  const newKey = options.newKey ?? newIdempotencyKey;
  let key = newKey();
  let busy = false;
  const setBusy = (value: boolean) => {
    busy = value;
    options.onBusyChange?.(value);
  };

  return {
    get busy() {
      return busy;
    },
    get key() {
      return key;
    },
    async submit(input) {
      if (busy) return { status: 'ignored' };
      setBusy(true);
      // The handlers of this render: a callback that changed since the form was built is the one that runs.
      const h = handlers();
      try {
        let value: T;
        try {
          value = await h.send(input, key);
        } catch (error) {
          if (serverDecided(error)) key = newKey();
          await h.onError?.(error, input);
          return { status: 'failed', error };
        }
        key = newKey();
        try {
          await h.onSuccess?.(value, input);
        } catch (error) {
          // As a mutation does: a failing success step is reported as the error (the record exists all the same).
          await h.onError?.(error, input);
          return { status: 'failed', error };
        }
        return { status: 'done', value };
      } finally {
        setBusy(false);
      }
    },
  };
}
