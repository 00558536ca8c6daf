/**
 * Import cycles in the API, the web app and the domain package: every `import`, `import type`,
 * `export … from` and dynamic `import()` between .ts/.tsx files, following the `@portal/domain` alias.
 * Prints each cycle and exits non-zero when there is any.
 *   node scripts/check-cycles.ts
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/** A bare specifier prefix and the folder it stands for (`@portal/domain/x` → `<dir>/x.ts`). */
export interface Alias {
  prefix: string;
  dir: string;
}

export type Graph = Map<string, string[]>;

const sourceFile = /\.tsx?$/;

function listSources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' || entry.name === 'dist' ? [] : listSources(full);
    return sourceFile.test(entry.name) && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}

/** The file a specifier names, or undefined for packages and non-source files (json, css…). */
export function resolveSpecifier(from: string, specifier: string, aliases: Alias[]): string | undefined {
  const bare = specifier.replace(/\?.*$/, '');
  let target: string | undefined;
  if (bare.startsWith('.')) target = path.resolve(path.dirname(from), bare);
  else {
    for (const alias of aliases) {
      if (bare === alias.prefix) target = path.join(alias.dir, 'index');
      else if (bare.startsWith(`${alias.prefix}/`)) target = path.join(alias.dir, bare.slice(alias.prefix.length + 1));
      if (target) break;
    }
  }
  if (!target) return undefined;
  const candidates = sourceFile.test(target)
    ? [target]
    : [`${target}.ts`, `${target}.tsx`, path.join(target, 'index.ts'), path.join(target, 'index.tsx')];
  return candidates.find((file) => existsSync(file) && statSync(file).isFile());
}

/** Every source file under the roots and the source files it imports (type-only imports included). */
export function buildGraph(roots: string[], aliases: Alias[]): Graph {
  const graph: Graph = new Map();
  const pending = roots.flatMap(listSources);
  while (pending.length > 0) {
    const file = pending.pop()!;
    if (graph.has(file)) continue;
    // preProcessFile reads static, type-only and dynamic imports and re-exports, skipping comments and strings.
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    const targets = [
      ...new Set(importedFiles.map((i) => resolveSpecifier(file, i.fileName, aliases)).filter((f): f is string => !!f)),
    ];
    graph.set(file, targets);
    pending.push(...targets.filter((t) => !graph.has(t)));
  }
  return graph;
}

/** Strongly connected components of more than one file (or a file importing itself): the files that import each other. */
export function findCircles(graph: Graph): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  // Iterative Tarjan: the graphs have thousands of files, too deep for recursion to be safe.
  for (const start of [...graph.keys()].sort()) {
    if (index.has(start)) continue;
    const work: { node: string; next: number }[] = [{ node: start, next: 0 }];
    index.set(start, counter);
    low.set(start, counter++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work[work.length - 1]!;
      const edges = graph.get(frame.node) ?? [];
      if (frame.next < edges.length) {
        const to = edges[frame.next++]!;
        if (!index.has(to)) {
          index.set(to, counter);
          low.set(to, counter++);
          stack.push(to);
          onStack.add(to);
          work.push({ node: to, next: 0 });
        } else if (onStack.has(to)) low.set(frame.node, Math.min(low.get(frame.node)!, index.get(to)!));
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent.node, Math.min(low.get(parent.node)!, low.get(frame.node)!));
      if (low.get(frame.node) === index.get(frame.node)) {
        const component: string[] = [];
        let member: string;
        do {
          member = stack.pop()!;
          onStack.delete(member);
          component.push(member);
        } while (member !== frame.node);
        if (component.length > 1 || (graph.get(frame.node) ?? []).includes(frame.node)) components.push(component);
      }
    }
  }
  return components.map((component) => component.sort());
}

/** One cycle through each circle, for a reader to follow. */
export function findCycles(graph: Graph): string[][] {
  return findCircles(graph).map((circle) => shortestCycle(graph, new Set(circle)));
}

/** The shortest path from the component's first file (by name) back to itself: the cycle a reader can follow. */
function shortestCycle(graph: Graph, component: Set<string>): string[] {
  const start = [...component].sort()[0]!;
  const previous = new Map<string, string>();
  const queue = [start];
  for (let i = 0; i < queue.length; i++) {
    const node = queue[i]!;
    for (const to of graph.get(node) ?? []) {
      if (!component.has(to)) continue;
      if (to === start) {
        const cycle = [node];
        while (cycle[0] !== start) cycle.unshift(previous.get(cycle[0]!)!);
        return [...cycle, start];
      }
      if (!previous.has(to)) {
        previous.set(to, node);
        queue.push(to);
      }
    }
  }
  return [start, start];
}

function main(): void {
  const root = path.resolve(import.meta.dirname, '..');
  const roots = ['apps/api/src', 'apps/web/src', 'packages/domain/src'].map((dir) => path.join(root, dir));
  const aliases: Alias[] = [{ prefix: '@portal/domain', dir: path.join(root, 'packages/domain/src') }];
  const graph = buildGraph(roots, aliases);
  const circles = findCircles(graph);
  const relative = (file: string) => path.relative(root, file);
  if (circles.length === 0) {
    console.log(`No import cycles in ${graph.size} files.`);
    return;
  }
  const verbose = process.argv.includes('--verbose');
  for (const [i, circle] of circles.entries()) {
    const cycle = shortestCycle(graph, new Set(circle));
    console.error(`Cycle ${i + 1} (${circle.length} files import each other): ${cycle.map(relative).join(' → ')}`);
    if (verbose) for (const file of circle) console.error(`    ${relative(file)}`);
  }
  console.error(`${circles.length} import cycle(s) in ${graph.size} files (--verbose lists every file of each).`);
  process.exitCode = 1;
}

if (import.meta.main) main();
