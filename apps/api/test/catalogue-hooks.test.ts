import { describe, expect, it } from 'vitest';
// Everything buildApp() loads, so that a hook registered by loading a file would show.
import '../src/app.ts';
import { hooksOf } from '../src/catalog/hooks.ts';
import { catalogRegistry } from '../src/catalog/registry.ts';
import { installModules } from '../src/modules/define.ts';
import { modules } from '../src/modules/index.ts';
import { trainingHooks } from '../src/modules/training/hooks.ts';
import { workerHooks } from '../src/modules/workers/hooks.ts';

const keys = catalogRegistry.all.map((c) => c.key);

describe('catalogue hooks', () => {
  it('are registered by installing the modules, never by loading their files', () => {
    expect(keys.filter((key) => hooksOf(key).length > 0)).toEqual([]);
    installModules(modules);
    expect(keys.filter((key) => hooksOf(key).length > 0).length).toBeGreaterThan(40);
  });

  it("run in the module list's order, each module's in the order it declares them", () => {
    installModules(modules);
    for (const key of keys) {
      const declared = modules.flatMap((m) => (m.catalogueHooks ?? []).filter(([k]) => k === key).map(([, h]) => h));
      expect(hooksOf(key).length, key).toBe(declared.length);
      hooksOf(key).forEach((hooks, i) => expect(hooks, key).toBe(declared[i]));
    }
    // A course: the workers module's date order first, then the training module's rules by class and hours.
    const course = (list: readonly (readonly [string, unknown])[]) => list.find(([key]) => key === 'training')?.[1];
    const [first, second] = hooksOf('training');
    expect(first).toBe(course(workerHooks));
    expect(second).toBe(course(trainingHooks));
  });
});
