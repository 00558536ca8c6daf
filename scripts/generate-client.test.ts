import { beforeAll, describe, expect, it } from 'vitest';
import { openApiDocument } from '../apps/api/src/platform/http/openapi-document.ts';
import { renderSchema, schemaMatchesApi, shareErrorResponses, STALE_MESSAGE } from './generate-client.ts';

describe('the web client generated from the OpenAPI document', () => {
  let api: Record<string, unknown>;
  beforeAll(async () => {
    api = await openApiDocument();
  }, 60_000);

  it('is current with the API routes', async () => {
    expect(await schemaMatchesApi(api), STALE_MESSAGE).toBe(true);
  });

  it('is no longer current when a route schema changes', async () => {
    const doc = structuredClone(api);
    const paths = doc.paths as Record<string, Record<string, { summary?: string }>>;
    const [first] = Object.values(paths);
    const op = Object.values(first!)[0]!;
    op.summary = `${op.summary ?? ''} (changed)`;
    expect(await schemaMatchesApi(doc)).toBe(false);
  });

  it('shares the one error answer and keeps the types it gives', async () => {
    const error = {
      description: 'Error',
      content: { 'application/json': { schema: { type: 'object', properties: { error: { type: 'object' } } } } },
    };
    const other = { description: 'Error', content: { 'text/plain': { schema: { type: 'string' } } } };
    const doc = {
      openapi: '3.0.3',
      info: { title: 't', version: '1' },
      paths: {
        '/a/{id}': {
          get: {
            parameters: [{ in: 'path', name: 'id', required: true, schema: { type: 'string' } }],
            responses: {
              200: {
                description: 'ok',
                content: { 'application/json': { schema: { type: 'object', properties: { n: { type: 'number' } } } } },
              },
              404: error,
              409: other,
            },
          },
        },
      },
    };
    const shared = shareErrorResponses(doc) as typeof doc & { components: { responses: { Error: unknown } } };
    expect(shared.components.responses.Error).toEqual(error);
    expect(shared.paths['/a/{id}'].get.responses[404]).toEqual({ $ref: '#/components/responses/Error' });
    expect(shared.paths['/a/{id}'].get.responses[409]).toBe(other);
    const text = await renderSchema(doc);
    expect(text).toMatch(/^\/\*\*\n \* Generated from the API's OpenAPI document/);
    expect(text).toContain("404: components['responses']['Error'];");
    expect(text).toContain('n?: number;');
  });
});
