import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { createTestApp, type TestApp } from './support/app.ts';

/**
 * /metrics and request ids on one instance (the two-instance test covers them behind nginx on PostgreSQL): who may
 * read the metrics, the series they hold, and which request id an answer carries.
 */

const TOKEN = 'metrics-token-0123456789';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ metricsToken: TOKEN, metricsAllow: ['10.20.0.0/16'] });
});
afterAll(async () => t?.close());

const metrics = (headers: Record<string, string> = {}, remoteAddress = '192.0.2.10') =>
  t.request({ url: '/metrics', headers, remoteAddress });

describe('/metrics', () => {
  it('is refused with the error body to anyone without the token or an allowed address', async () => {
    for (const res of [await metrics(), await metrics({ authorization: 'Bearer wrong-token-0123456789' })]) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ error: { code: 'FORBIDDEN' } });
    }
    // A wrong token is not rescued by an allowed address.
    expect((await metrics({ authorization: 'Bearer nope' }, '10.20.3.4')).statusCode).toBe(403);
  });

  it('answers the Prometheus text format with the token, or to an allowed address', async () => {
    await t.request({ url: '/api/health' });
    await t.request({ url: '/api/Files/not-a-uuid' });
    const res = await metrics({ authorization: `Bearer ${TOKEN}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain; version=0.0.4');
    const text = res.body;
    expect(text).toMatch(/^portal_http_requests_total\{method="GET",route="\/api\/health",status="200"\} [1-9]\d*$/m);
    // The route's pattern, never the raw path.
    expect(text).toMatch(/^portal_http_requests_total\{method="GET",route="\/api\/Files\/:id",status="400"\} 1$/m);
    expect(text).not.toContain('not-a-uuid');
    const buckets = [...text.matchAll(/route="\/api\/health",status="200",le="([^"]+)"\} (\d+)/g)];
    expect(buckets.at(-1)?.[1]).toBe('+Inf');
    // Cumulative: no bucket holds fewer than the one before it.
    const counts = buckets.map((m) => Number(m[2]));
    expect(counts).toEqual([...counts].sort((x, y) => x - y));
    expect(text).toMatch(/^portal_db_pool_connections\{pool="main",state="total"\} \d+$/m);
    expect(text).toMatch(/^portal_hub_sockets 0$/m);
    expect(text).toMatch(/^process_resident_memory_bytes [1-9]\d*$/m);
    expect((await metrics({}, '10.20.3.4')).statusCode).toBe(200);
  });

  it('refuses a malformed METRICS_ALLOW or a short token at start', () => {
    expect(() => loadConfig({ METRICS_ALLOW: '10.0.0.0/99' }, { dataDir: t.config.dataDir })).toThrow(/METRICS_ALLOW/);
    expect(() => loadConfig({ METRICS_TOKEN: 'short' }, { dataDir: t.config.dataDir })).toThrow(/METRICS_TOKEN/);
    expect(loadConfig({ METRICS_ALLOW: '127.0.0.1, ::1' }, { dataDir: t.config.dataDir }).metricsAllow).toEqual([
      '127.0.0.1',
      '::1',
    ]);
  });
});

describe('request ids', () => {
  it('every answer carries its id; one a client chooses is not taken without a trusted proxy', async () => {
    const res = await t.request({ url: '/api/health', headers: { 'x-request-id': 'chosen-by-the-client' } });
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const missing = await t.request({ url: '/api/no-such-route' });
    expect(missing.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});
