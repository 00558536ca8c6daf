import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildGraph, findCycles, type Alias } from './check-cycles.ts';

let dir: string;

function project(files: Record<string, string>): { roots: string[]; aliases: Alias[] } {
  dir = mkdtempSync(path.join(os.tmpdir(), 'cycles-'));
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), text);
  }
  return { roots: [path.join(dir, 'app')], aliases: [{ prefix: '@shared', dir: path.join(dir, 'shared') }] };
}

const names = (cycles: string[][]) => cycles.map((c) => c.map((f) => path.relative(dir, f)));

afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('import cycle check', () => {
  it('finds none when imports only go one way', () => {
    const { roots, aliases } = project({
      'app/a.ts': "import { b } from './b.ts';\nimport { s } from '@shared/s';\nexport const a = b + s;",
      'app/b.tsx': "import data from './data.json';\nexport const b = data.length;",
      'app/data.json': '[]',
      'shared/s.ts': 'export const s = 1;',
    });
    expect(findCycles(buildGraph(roots, aliases))).toEqual([]);
  });

  it('finds a cycle closed by a type-only import, a re-export or a dynamic import, through the alias', () => {
    const { roots, aliases } = project({
      'app/a.ts': "import type { B } from './b.ts';\nexport type A = B;",
      'app/b.ts': "export { s } from '@shared/s';\nexport type B = string;",
      'shared/s.ts': "export const s = () => import('../app/a.ts');",
      'app/lone.ts': '// import { a } from "./a.ts" is a comment, not an import\nexport {};',
    });
    expect(names(findCycles(buildGraph(roots, aliases)))).toEqual([
      [path.join('app', 'a.ts'), path.join('app', 'b.ts'), path.join('shared', 's.ts'), path.join('app', 'a.ts')],
    ]);
  });
});
