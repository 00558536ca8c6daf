import type { FastifyPluginAsync } from 'fastify';
import { registerMenuItems, type MenuLeaf } from '@portal/domain/menu';
import { registerCatalogHooks, type CatalogueHookEntry } from '../catalog/hooks.ts';
import { registerTrashSource, type TrashSource } from '../catalog/trash-sources.ts';
import type { SeedStep } from '../seed/step.ts';
import { registerFileReadGrant, type FileReadGrant } from './files/grants.ts';
import {
  registerWorkspaceFigures,
  registerWorkspaceTasks,
  type WorkspaceFigureProvider,
  type WorkspaceTaskProvider,
} from './workspace/registry.ts';

/**
 * One domain module, declared in its `index.ts` and listed once in `modules/index.ts`: its routes (plugin) and
 * what it contributes to the shared registries. buildApp() and the seed runner read the list; nothing is
 * registered by importing a file, so a module left out of the list is missing as a whole, never in part.
 */
export interface ModuleDefinition {
  /** Unique, for messages and for finding a module in the list. */
  name: string;
  /** Its routes and jobs, registered by buildApp() in the list's order. */
  plugin?: FastifyPluginAsync;
  /** Rules run inside the catalogue's operations, by catalogue key (in the order given, after earlier modules'). */
  catalogueHooks?: readonly CatalogueHookEntry[];
  /** Its tasks and figures in the users' workspaces. */
  workspace?: { tasks?: readonly WorkspaceTaskProvider[]; figures?: readonly WorkspaceFigureProvider[] };
  /** Its deleted records in the trash bin. */
  trash?: readonly TrashSource[];
  /** Who else may download the secure files its records hold. */
  fileGrants?: readonly FileReadGrant[];
  /** Entries it adds to a group of the left menu. */
  menu?: readonly MenuEntry[];
  /** Start-up data: reference steps run on every start, demo steps with demo data; see seed/index.ts for the order. */
  seeds?: readonly SeedStep[];
}

export type { CatalogueHookEntry };
export type MenuEntry = readonly [group: string, item: MenuLeaf];

const PIECES = ['name', 'plugin', 'catalogueHooks', 'workspace', 'trash', 'fileGrants', 'menu', 'seeds'] as const;
const WORKSPACE_PIECES = ['tasks', 'figures'];

function fail(name: unknown, problem: string): never {
  throw new Error(`Module ${typeof name === 'string' && name ? `"${name}"` : '(unnamed)'}: ${problem}`);
}

function checkList(name: string, key: string, value: unknown, check: (item: unknown) => boolean): void {
  if (value === undefined) return;
  if (!Array.isArray(value)) fail(name, `"${key}" must be a list.`);
  value.forEach((item, i) => {
    if (!check(item)) fail(name, `"${key}"[${i}] is not a valid entry.`);
  });
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/**
 * A module's declaration, checked now (at start-up, when modules/index.ts is loaded): an unknown key, a missing
 * name, a module that declares nothing, or a malformed piece throws with the module's name.
 */
export function defineModule(definition: ModuleDefinition): ModuleDefinition {
  const given = definition as unknown;
  if (!isObject(given)) throw new Error('A module definition must be an object.');
  const { name } = given;
  if (typeof name !== 'string' || !/^[a-z][\w-]*$/i.test(name)) fail(name, 'needs a "name" (letters, digits, dashes).');
  for (const key of Object.keys(given))
    if (!(PIECES as readonly string[]).includes(key))
      fail(name, `unknown key "${key}" (expected one of: ${PIECES.join(', ')}).`);
  if (Object.keys(given).every((key) => key === 'name' || given[key] === undefined))
    fail(name, 'declares nothing (no plugin, hooks, workspace, trash, file grants, menu or seeds).');
  if (given.plugin !== undefined && typeof given.plugin !== 'function')
    fail(name, '"plugin" must be a Fastify plugin.');
  checkList(
    name,
    'catalogueHooks',
    given.catalogueHooks,
    (e) => Array.isArray(e) && e.length === 2 && typeof e[0] === 'string' && isObject(e[1]),
  );
  if (given.workspace !== undefined) {
    const ws = given.workspace;
    if (!isObject(ws)) fail(name, '"workspace" must be { tasks?, figures? }.');
    for (const key of Object.keys(ws))
      if (!WORKSPACE_PIECES.includes(key)) fail(name, `unknown key "workspace.${key}" (expected tasks, figures).`);
    checkList(name, 'workspace.tasks', ws.tasks, (t) => isObject(t) && typeof t.key === 'string');
    checkList(name, 'workspace.figures', ws.figures, (f) => isObject(f) && typeof f.key === 'string');
  }
  checkList(name, 'trash', given.trash, (s) => isObject(s) && typeof s.area === 'string');
  checkList(name, 'fileGrants', given.fileGrants, (g) => typeof g === 'function');
  checkList(
    name,
    'menu',
    given.menu,
    (e) => Array.isArray(e) && e.length === 2 && typeof e[0] === 'string' && isObject(e[1]),
  );
  checkList(
    name,
    'seeds',
    given.seeds,
    (s) =>
      isObject(s) &&
      typeof s.name === 'string' &&
      (s.kind === 'reference' || s.kind === 'demo') &&
      typeof s.order === 'number' &&
      typeof s.run === 'function',
  );
  return definition;
}

/** The list as a whole: names and seed step names are unique. */
export function checkModules(modules: readonly ModuleDefinition[]): void {
  const names = new Set<string>();
  const steps = new Set<string>();
  for (const m of modules) {
    if (names.has(m.name)) throw new Error(`Module "${m.name}" is listed twice.`);
    names.add(m.name);
    for (const step of m.seeds ?? []) {
      if (steps.has(step.name)) fail(m.name, `seed step "${step.name}" is declared by another module too.`);
      steps.add(step.name);
    }
  }
}

// The registries are process-wide (every app built in one process shares them): each module fills them once.
const installed = new WeakSet<ModuleDefinition>();

/**
 * Fills the shared registries (catalogue hooks, workspace, trash bin, file grants, menu) from the modules, in the
 * list's order. Called by buildApp() and by the seed runner (seeds run catalogue operations, which run the hooks).
 */
export function installModules(modules: readonly ModuleDefinition[]): void {
  checkModules(modules);
  for (const m of modules) {
    if (installed.has(m)) continue;
    installed.add(m);
    for (const [key, hooks] of m.catalogueHooks ?? []) registerCatalogHooks(key, hooks);
    for (const source of m.trash ?? []) registerTrashSource(source);
    if (m.workspace?.tasks) registerWorkspaceTasks(...m.workspace.tasks);
    if (m.workspace?.figures) registerWorkspaceFigures(...m.workspace.figures);
    for (const grant of m.fileGrants ?? []) registerFileReadGrant(grant);
    for (const [group, item] of m.menu ?? []) registerMenuItems(group, item);
  }
}
