import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import { createSubmitter, type SubmitHandlers, type SubmitOutcome } from './submit.ts';

/**
 * The one submit behaviour of the portal's forms, shaped like a mutation: `send` gets the form's idempotency key
 * to pass to the API (`Idempotency-Key`); `submit` ignores a call while one is in flight (the success and error
 * handling included, so a click before the navigation away cannot send again); `busy` drives the button's
 * `loading`. One key per form instance, kept for a retry after an unknown outcome and renewed after a success
 * (platform/form/submit.ts).
 */
export function useSubmit<I, T>(
  handlers: SubmitHandlers<I, T> | SubmitHandlers<I, T>['send'],
): { submit: (input: I) => Promise<SubmitOutcome<T>>; busy: boolean } {
  const given = typeof handlers === 'function' ? { send: handlers } : handlers;
  const latest = useRef<SubmitHandlers<I, T>>(given);
  useLayoutEffect(() => {
    latest.current = given;
  });
  const [busy, setBusy] = useState(false);
  const [submitter] = useState(() => createSubmitter<I, T>(() => latest.current, { onBusyChange: setBusy }));
  const submit = useCallback((input: I) => submitter.submit(input), [submitter]);
  return { submit, busy };
}
