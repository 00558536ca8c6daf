import { describe, expect, it } from 'vitest';
import { API_DATASETS, DATASET_KEYS, operationsOf } from '@portal/domain/api-clients/index';
import { openApiDocument } from '../../platform/http/openapi-document.ts';

/** Every operation a dataset opens is a read-only call of the OpenAPI document the API serves. */
describe('API client datasets', () => {
  it('map only to GET operations of the served OpenAPI document', async () => {
    const doc = (await openApiDocument()) as { paths: Record<string, Record<string, unknown>> };
    const missing: string[] = [];
    for (const key of DATASET_KEYS) {
      const { operations } = API_DATASETS[key];
      expect(operations.length, key).toBeGreaterThan(0);
      for (const [method, path] of operations) {
        expect(method).toBe('GET');
        if (!doc.paths[path]?.[method.toLowerCase()]) missing.push(`${key}: ${method} ${path}`);
      }
    }
    expect(missing).toEqual([]);
  }, 120_000);

  it('opens exactly the operations of the scopes given', () => {
    expect([...operationsOf(['businesses'])]).toEqual([
      'GET /api/Bussiness/bussinesses',
      'GET /api/Bussiness/bussinesses/{id}',
    ]);
    expect(operationsOf(['unknown']).size).toBe(0);
    expect(operationsOf([]).size).toBe(0);
  });
});
