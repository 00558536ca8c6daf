import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseLarge } from './json-in-turns.ts';

describe('large JSON lists parsed in turns', () => {
  it('reads any list of JSON values as JSON.parse does, bare or as { rows }', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.jsonValue({ maxDepth: 4 }), { maxLength: 30 }), async (items) => {
        const text = JSON.stringify(items, null, items.length % 2 ? 1 : 0);
        expect(await parseLarge(text)).toEqual(JSON.parse(text));
        expect(await parseLarge(`{ "rows" : ${text} }`)).toEqual({ rows: JSON.parse(text) });
      }),
      { seed: 20_261_124, numRuns: 300 },
    );
  });

  it('keeps strings with brackets, commas, quotes and escapes whole', async () => {
    const rows = [{ a: 'x,]}[{"', b: ['\\', '\\"'] }, 'a\\', { c: '\u00e9\u0000' }];
    expect(await parseLarge(JSON.stringify(rows))).toEqual(rows);
  });

  it('leaves anything else to the usual parser', async () => {
    for (const text of ['{"a":1}', '{"rows":[1],"x":2}', '[1,]', '[,1]', '[1] 2', '"x"', '[1', '[1}'])
      expect(await parseLarge(text).catch(() => undefined)).toBeUndefined();
  });
});
