import { describe, expect, it } from 'vitest';
import { createSubmitter, newIdempotencyKey, serverDecided, type SubmitHandlers } from './submit.ts';

/** A sending the test finishes by hand, with what the form's handlers saw. */
function rig() {
  const sent: string[] = [];
  const seen: string[] = [];
  const busy: boolean[] = [];
  let pending: { resolve: (v: string) => void; reject: (e: unknown) => void } | null = null;
  let n = 0;
  const handlers: SubmitHandlers<string, string> = {
    send: (input, key) => {
      sent.push(`${input}@${key}`);
      return new Promise((resolve, reject) => (pending = { resolve, reject }));
    },
    onSuccess: (value) => void seen.push(`ok:${value}`),
    onError: (error) => void seen.push(`error:${String((error as Error).message)}`),
  };
  const submitter = createSubmitter(() => handlers, {
    newKey: () => `k${(n += 1)}`,
    onBusyChange: (b) => busy.push(b),
  });
  const settle = async (how: { value: string } | { error: unknown }) => {
    const p = pending!;
    pending = null;
    if ('value' in how) p.resolve(how.value);
    else p.reject(how.error);
    await new Promise((r) => setTimeout(r, 0));
  };
  return { submitter, sent, seen, busy, settle };
}

const apiError = (status: number, code = 'X') => Object.assign(new Error(code), { status, code });

describe('single-flight submit', () => {
  it('ignores a second submit while the first is in flight, and is busy until its handling ran', async () => {
    const { submitter, sent, seen, busy, settle } = rig();
    const first = submitter.submit('a');
    const second = await submitter.submit('a');
    expect(second).toEqual({ status: 'ignored' });
    expect(sent).toEqual(['a@k1']);
    expect(submitter.busy).toBe(true);
    await settle({ value: 'r1' });
    expect(await first).toEqual({ status: 'done', value: 'r1' });
    expect(seen).toEqual(['ok:r1']);
    expect(submitter.busy).toBe(false);
    expect(busy).toEqual([true, false]);
  });

  it('stays busy while the success handling is still running', async () => {
    let release!: () => void;
    const submitter = createSubmitter<void, number>(() => ({
      send: async () => 1,
      onSuccess: () => new Promise<void>((r) => (release = r)),
    }));
    const first = submitter.submit();
    await new Promise((r) => setTimeout(r, 0));
    expect(submitter.busy).toBe(true);
    expect(await submitter.submit()).toEqual({ status: 'ignored' });
    release();
    expect((await first).status).toBe('done');
    expect(submitter.busy).toBe(false);
  });

  it('reuses the key for a retry after a network failure or a server error, renews it after a success', async () => {
    const { submitter, sent, settle } = rig();
    const one = submitter.submit('a');
    await settle({ error: new TypeError('Failed to fetch') });
    expect((await one).status).toBe('failed');
    const two = submitter.submit('a');
    await settle({ error: apiError(502, 'HTTP_502') });
    await two;
    const three = submitter.submit('a');
    await settle({ error: apiError(409, 'IDEMPOTENCY_KEY_IN_PROGRESS') });
    await three;
    const four = submitter.submit('a');
    await settle({ value: 'r' });
    await four;
    const five = submitter.submit('b');
    await settle({ value: 'r2' });
    await five;
    expect(sent).toEqual(['a@k1', 'a@k1', 'a@k1', 'a@k1', 'b@k2']);
  });

  it('renews the key after a refusal the server decided (a corrected form is a new request)', async () => {
    const { submitter, sent, seen, settle } = rig();
    const one = submitter.submit('bad');
    await settle({ error: apiError(400, 'VALIDATION') });
    await one;
    const two = submitter.submit('good');
    await settle({ value: 'r' });
    await two;
    expect(sent).toEqual(['bad@k1', 'good@k2']);
    expect(seen).toEqual(['error:VALIDATION', 'ok:r']);
  });

  it('reports a failing success step as the error, the key spent all the same', async () => {
    const seen: unknown[] = [];
    let n = 0;
    const submitter = createSubmitter<void, number>(
      () => ({
        send: async () => 1,
        onSuccess: () => {
          throw new Error('navigation failed');
        },
        onError: (e) => void seen.push((e as Error).message),
      }),
      { newKey: () => `k${(n += 1)}` },
    );
    expect((await submitter.submit()).status).toBe('failed');
    expect(seen).toEqual(['navigation failed']);
    expect(submitter.key).toBe('k2');
    expect(submitter.busy).toBe(false);
  });
});

describe('keys', () => {
  it('are 32 hex characters, different each time', () => {
    const a = newIdempotencyKey();
    expect(a).toMatch(/^[0-9a-f]{32}$/);
    expect(newIdempotencyKey()).not.toBe(a);
  });

  it('a refusal is decided; the network, 5xx, 401, 429 and "still running" are not', () => {
    expect(serverDecided(apiError(400))).toBe(true);
    expect(serverDecided(apiError(404))).toBe(true);
    expect(serverDecided(apiError(422, 'IDEMPOTENCY_KEY_MISMATCH'))).toBe(true);
    expect(serverDecided(apiError(409, 'CONFLICT'))).toBe(true);
    expect(serverDecided(apiError(409, 'IDEMPOTENCY_KEY_IN_PROGRESS'))).toBe(false);
    expect(serverDecided(apiError(401))).toBe(false);
    expect(serverDecided(apiError(429))).toBe(false);
    expect(serverDecided(apiError(500))).toBe(false);
    expect(serverDecided(new TypeError('Failed to fetch'))).toBe(false);
    expect(serverDecided(null)).toBe(false);
  });
});
