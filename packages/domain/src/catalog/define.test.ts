import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { field } from './define.ts';
import type { CatalogDeclaration } from './types.ts';

const folder = new URL('./areas/', import.meta.url);
const areas = await Promise.all(
  readdirSync(folder)
    .filter((name) => name.endsWith('.ts'))
    .map(async (name) => ((await import(new URL(name, folder).href)) as { default: CatalogDeclaration }).default),
);

describe('year fields', () => {
  it('field.year is a whole number written without thousands separators', () => {
    expect(field.year({ required: true })).toMatchObject({
      kind: 'number',
      integer: true,
      min: 2000,
      max: 2100,
      grouping: false,
      required: true,
    });
  });

  it('every year of every area is declared as one (lists and forms never print 2.026)', () => {
    const years = areas.flatMap((a) =>
      Object.entries(a.fields)
        .filter(([name, f]) => f.kind === 'number' && /(^y|Y)ear$/.test(name))
        .map(([name, f]) => ({ area: a.key, name, grouping: f.kind === 'number' ? f.grouping : undefined })),
    );
    expect(years.length).toBeGreaterThan(5);
    expect(years.filter((y) => y.grouping !== false)).toEqual([]);
  });
});
