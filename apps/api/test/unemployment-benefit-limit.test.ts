import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogRegistry } from '../src/catalog/registry.ts';
import { api, createCatalogTestApp, sampleInput, token, type CatalogTestApp } from './catalog.fixtures.ts';

/**
 * The longest unemployment benefit (12 months under the Employment Laws 2013 and 2025) is reference data in
 * force on the decision date: a longer decision is refused beside its field, naming the limit and its basis.
 */
let t: CatalogTestApp;
const c = catalogRegistry.get('unemploymentInsurance');
beforeAll(async () => {
  t = await createCatalogTestApp();
});
afterAll(async () => t?.close());

const create = async (body: Record<string, unknown>, lang: 'vi' | 'en' = 'vi') =>
  t.request({
    method: 'POST',
    url: api(c, c.paths.create),
    headers: { ...t.as('department'), 'accept-language': lang },
    payload: { ...(await sampleInput(t, c, token(), 1)), ...body },
  });

describe('unemployment benefit months', () => {
  it('refuses 20 months with the limit in force named, in vi and en, and accepts 12', async () => {
    const decided = { decisionDate: '2026-03-02', startDate: '2026-03-16', endDate: null };
    for (const [lang, text] of [
      ['vi', 'tối đa là 12 tháng (Luật Việc làm số 74/2025/QH15, Điều 39)'],
      ['en', 'at most 12 months (Luật Việc làm số 74/2025/QH15, Điều 39)'],
    ] as const) {
      const refused = await create({ ...decided, benefitMonths: 20 }, lang);
      expect(refused.statusCode, refused.body).toBe(400);
      const [detail] = refused.json().error.details as { field: string; message: string }[];
      expect(detail?.field).toContain('benefitMonths');
      expect(detail?.message).toContain(text);
    }
    // Decided under the Employment Law 2013: its own row (same 12 months).
    const old = await create({ decisionDate: '2024-05-06', startDate: '2024-05-20', endDate: null, benefitMonths: 13 });
    expect(old.statusCode).toBe(400);
    expect(old.json().error.details[0].message).toContain('38/2013/QH13');

    const accepted = await create({ ...decided, benefitMonths: 12 });
    expect(accepted.statusCode, accepted.body).toBe(201);
    expect(accepted.json().benefitMonths).toBe(12);
  });
});
