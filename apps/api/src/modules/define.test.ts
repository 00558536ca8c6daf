import { describe, expect, it } from 'vitest';
import type { SeedStep } from '../seed/step.ts';
import { checkModules, defineModule, type ModuleDefinition } from './define.ts';

const plugin = async () => {};
const step = (name: string, order: number): SeedStep => ({ name, kind: 'reference', order, run: async () => {} });
/** A definition as a caller might mistype it (the type checker is not there at start-up for plain JavaScript). */
const loose = (value: unknown) => () => defineModule(value as ModuleDefinition);

describe('defineModule', () => {
  it('answers a well-formed definition as given', () => {
    const definition = { name: 'permits', plugin, seeds: [step('permits-demo', 10)], workspace: { tasks: [] } };
    expect(defineModule(definition)).toBe(definition);
  });

  it('refuses an unknown key, naming the module and the known keys', () => {
    expect(loose({ name: 'permits', plugin, routes: plugin })).toThrow(
      /Module "permits": unknown key "routes" \(expected one of: name, plugin/,
    );
    expect(loose({ name: 'permits', workspace: { task: [] } })).toThrow(/unknown key "workspace.task"/);
  });

  it('refuses a missing name, a module that declares nothing and malformed pieces', () => {
    expect(loose({ plugin })).toThrow(/\(unnamed\): needs a "name"/);
    expect(loose({ name: 'empty' })).toThrow(/Module "empty": declares nothing/);
    expect(loose({ name: 'x', plugin: 'routes.ts' })).toThrow(/"plugin" must be a Fastify plugin/);
    expect(loose({ name: 'x', seeds: [{ name: 'no order', kind: 'demo', run: plugin }] })).toThrow(
      /"seeds"\[0\] is not a valid entry/,
    );
    expect(loose({ name: 'x', catalogueHooks: [['worker']] })).toThrow(/"catalogueHooks"\[0\]/);
    expect(loose({ name: 'x', trash: {} })).toThrow(/"trash" must be a list/);
  });
});

describe('checkModules', () => {
  it('refuses a module listed twice and a seed step declared by two modules', () => {
    const a = defineModule({ name: 'a', plugin });
    expect(() => checkModules([a, a])).toThrow('Module "a" is listed twice.');
    const b = defineModule({ name: 'b', seeds: [step('shared', 10)] });
    const c = defineModule({ name: 'c', seeds: [step('shared', 20)] });
    expect(() => checkModules([b, c])).toThrow(/Module "c": seed step "shared" is declared by another module too/);
  });
});
