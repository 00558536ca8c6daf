import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/app.ts';
import { adminUser, signIn, type Session } from './support/accounts.ts';

/**
 * A broken multipart body is the client's fault: every upload route answers 400 with the error body, never
 * 500 (a truncated body, a boundary that does not match the header, a header without a boundary).
 */
const ROUTES = [
  '/api/File/upload',
  '/api/Message/upload-file',
  '/api/News/upload-image',
  '/api/Inspection/upload-file',
  '/api/OfficalProfile/uploadAvatar',
  '/api/Configuration/uploadImage',
  '/api/CollectWorker/file-collect-worker-report',
];

const boundary = '----portal-probe';
const head = `--${boundary}\r\nContent-Disposition: form-data; name="formFile"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\n`;
const BODIES: Array<{ name: string; type: string; payload: string }> = [
  { name: 'truncated', type: `multipart/form-data; boundary=${boundary}`, payload: head },
  {
    name: 'mismatched boundary',
    type: `multipart/form-data; boundary=${boundary}x`,
    payload: `${head}%%EOF\r\n--${boundary}--\r\n`,
  },
  { name: 'no boundary', type: 'multipart/form-data', payload: `${head}%%EOF\r\n--${boundary}--\r\n` },
  {
    name: 'part without a name',
    type: `multipart/form-data; boundary=${boundary}`,
    payload: `--${boundary}\r\nContent-Type: text/plain\r\n\r\nx\r\n--${boundary}--\r\n`,
  },
];

let t: TestApp;
let admin: Session;
beforeAll(async () => {
  t = await createTestApp({}, undefined, { demo: true });
  admin = await signIn(t, await adminUser(t));
});
afterAll(async () => t?.close());

describe('broken multipart bodies', () => {
  for (const url of ROUTES)
    it(`${url} answers 400 for each broken body`, async () => {
      for (const body of BODIES) {
        const res = await t.request({
          method: 'POST',
          url,
          headers: { ...admin.headers, 'content-type': body.type },
          payload: body.payload,
        });
        expect(res.statusCode, `${body.name}: ${res.body}`).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, `${body.name}: ${res.body}`).toBeLessThan(500);
        expect(res.json(), body.name).toHaveProperty('error.code');
        if (body.name === 'truncated') expect(res.json().error.code).toBe('MALFORMED_MULTIPART');
      }
    });
});
