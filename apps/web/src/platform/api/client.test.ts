import { afterEach, describe, expect, expectTypeOf, it } from 'vitest';
import { bindSender } from '../../app/api-client.ts';
import { api, fillPath, queryText, type BodyOf, type ResponseOf } from './client.ts';

describe('typed API calls', () => {
  const sent: { url: string; init: RequestInit }[] = [];
  afterEach(() => {
    sent.length = 0;
  });
  bindSender(async (url, init) => {
    sent.push({ url, init });
    return new Response(JSON.stringify({ ok: 1 }), { status: 200 });
  });

  it('fills the path, sends the query as text and the body as JSON', async () => {
    const answer = await api.post('/api/Equipment/submit-declaration/{id}', {
      path: { id: 'a b' },
      body: { version: 3 },
    });
    expect(answer).toEqual({ ok: 1 });
    expect(sent[0]!.url).toBe('/api/Equipment/submit-declaration/a%20b');
    expect(sent[0]!.init.method).toBe('POST');
    expect(sent[0]!.init.body).toBe('{"version":3}');
    await api.get('/api/Equipment/declarations', { query: { pageNumber: 2, keyWord: '', status: null } });
    expect(sent[1]!.url).toBe('/api/Equipment/declarations?pageNumber=2');
    expect(sent[1]!.init.method).toBe('GET');
  });

  it('types the answer and the body from the generated schema', () => {
    expectTypeOf<ResponseOf<'/api/Equipment/declarations/{id}'>['version']>().toEqualTypeOf<number>();
    expectTypeOf<BodyOf<'/api/Equipment/submit-declaration/{id}', 'post'>>().toHaveProperty('version');
    // Checked by the type checker only, never called.
    const wrongCalls = () => [
      // @ts-expect-error the API has no such route
      api.get('/api/Equipment/no-such-route'),
      // @ts-expect-error the route needs its path parameter
      api.get('/api/Equipment/declarations/{id}', {}),
      // @ts-expect-error the route reads no such query
      api.get('/api/Equipment/declarations', { query: { pageIndex: 1 } }),
    ];
    expect(wrongCalls).toBeTypeOf('function');
  });

  it('encodes path parameters and leaves empty query values out', () => {
    expect(fillPath('/a/{id}/b/{n}', { id: 'x/y', n: 2 })).toBe('/a/x%2Fy/b/2');
    expect(() => fillPath('/a/{id}', {})).toThrow(/id/);
    expect(queryText({ a: 0, b: false, c: undefined, d: null, e: '' })).toEqual({ a: '0', b: 'false' });
  });
});
