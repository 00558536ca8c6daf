import type { WorkspaceFigure, WorkspaceTask, WorkspaceTone } from '@portal/domain/workspace';
import type { Db } from '../../db/database.ts';
import { permits, type Permission, type Principal } from '../../platform/access/index.ts';
import { type CountRequest, type WorkspaceCaching, workspaceCountCache } from './cache.ts';
import { type DayWindow, liveTally, type TallyDefinition, type TallyUse } from './tally.ts';

/**
 * The workspace registry: what each module contributes to a role's workspace (`GET /api/Workspace/tasks`).
 *
 * A module registers, once at load, its task providers (records waiting for the user: requests to review, a
 * returned request to fix, notices to accept) and its figures (workers, employers, permits in force):
 *
 *   registerWorkspaceTasks({
 *     key: 'permits.toReview',                    // stable, unique
 *     permission: 'WorkerLicense.review',         // who may see the task at all
 *     side: 'authority',                          // optional: only employer users, or only everyone else
 *     titleKey: 'permits:workspace.toReview',     // label, with {{count}}
 *     tone: 'action',
 *     count: (ctx) => countSubmitted(ctx),        // MUST count within ctx.principal's data scope
 *     link: '/nguoi-lao-dong/cap-phep-nguoi-lao-dong/danh-sach?tab=submitted', // the filtered list
 *   });
 *
 * Counting is the module's own business (its scope rules, its statuses); the registry only decides who sees
 * which entry, runs the counts and orders the answer. Accidents, equipment, training and notifications add
 * theirs the same way.
 *
 * A count over one large table whose rows count by themselves (workers in force, machines in use by due date)
 * is better declared as a tally (tally.ts): `count: tallied(machinesInUse, (today) => ({ to: addDays(today, -1) }))`.
 * The writes keep it, so the first call after a write reads it instead of recounting the table; other counts are
 * kept by the count cache (cache.ts) until a table they read changes.
 */

export interface WorkspaceContext {
  db: Db;
  principal: Principal;
  /** Today in Vietnam ('YYYY-MM-DD'), for validity dates. */
  today: string;
}

export type WorkspaceSide = 'employer' | 'authority';

interface Common {
  key: string;
  permission: Permission;
  side?: WorkspaceSide;
  /** Narrower than permission and side (a task only issuers have): false hides it from this user. */
  appliesTo?: (principal: Principal) => boolean;
  order?: number;
  /**
   * How the count is kept between calls (cache.ts): 'scope' (default) shares it between the users of one scope
   * (side, unit, employer, commune, abilities) until a table it read changes or the day turns; 'user' when it
   * depends on who the user is (their messages); false to count at every call.
   */
  caching?: WorkspaceCaching;
}

export interface WorkspaceTaskProvider extends Common {
  titleKey: string;
  tone: WorkspaceTone;
  count(ctx: WorkspaceContext): Promise<number>;
  link: string | ((ctx: WorkspaceContext) => string);
  /**
   * The API list request behind `link` (path and the same filters), whose total MUST be `count`: the card and
   * its list share one filter (test/workspace-lists.test.ts checks it for every demo role). null when the link
   * opens a page to act on (a form to fill, a report to file) rather than a list of the counted records.
   */
  listApi: string | null | ((ctx: WorkspaceContext) => string | null | Promise<string | null>);
}

export interface WorkspaceFigureProvider extends Common {
  labelKey: string;
  value(ctx: WorkspaceContext): Promise<number>;
  link?: string;
}

/** A count kept by a tally (tally.ts): counted from the table when called, read from the tally by the workspace. */
export interface TalliedCount {
  (ctx: WorkspaceContext): Promise<number>;
  readonly tally: TallyUse;
}

/**
 * A provider's count (or figure) as a tally's rows in the caller's scope, within `window` of the day when given
 * (overdue: `(today) => ({ to: addDays(today, -1) })`).
 */
export function tallied(of: TallyDefinition, window?: (today: string) => DayWindow): TalliedCount {
  const use: TallyUse = { of, window };
  return Object.assign((ctx: WorkspaceContext) => liveTally(ctx.db, ctx.principal, ctx.today, use), { tally: use });
}

function tallyOf(count: unknown): TallyUse | undefined {
  return typeof count === 'function' && 'tally' in count ? (count as TalliedCount).tally : undefined;
}

const tasks = new Map<string, WorkspaceTaskProvider>();
const figures = new Map<string, WorkspaceFigureProvider>();

/** A module's task providers (idempotent by key: a reload replaces them). */
export function registerWorkspaceTasks(...providers: WorkspaceTaskProvider[]): void {
  for (const p of providers) tasks.set(p.key, p);
}

/** A module's figures for the user's scope (idempotent by key). */
export function registerWorkspaceFigures(...providers: WorkspaceFigureProvider[]): void {
  for (const p of providers) figures.set(p.key, p);
}

/** Every registered provider (the bench signs in users who see them all). */
export function registeredWorkspace(): { tasks: WorkspaceTaskProvider[]; figures: WorkspaceFigureProvider[] } {
  return { tasks: [...tasks.values()], figures: [...figures.values()] };
}

/** Every tally the registered providers read (their tables' triggers are built for all of them at once). */
const extraTallies = new Map<string, TallyDefinition>();

/** Tallies read by other mechanisms than the workspace (a statistic's rollups): built and kept with the others. */
export function registerTallies(definitions: readonly TallyDefinition[]): void {
  for (const d of definitions) extraTallies.set(d.name, d);
}

export function registeredTallies(): TallyDefinition[] {
  const found = new Map<string, TallyDefinition>(extraTallies);
  for (const p of tasks.values()) {
    const t = tallyOf(p.count);
    if (t) found.set(t.of.name, t.of);
  }
  for (const p of figures.values()) {
    const t = tallyOf(p.value);
    if (t) found.set(t.of.name, t.of);
  }
  return [...found.values()];
}

/** Employer users act for their employer; everyone else is the authority side. */
export function sideOfPrincipal(principal: Principal): WorkspaceSide {
  return principal.unit.kind === 'employer' && principal.role !== 'admin' ? 'employer' : 'authority';
}

function admitted(p: Common, principal: Principal): boolean {
  if (p.side && p.side !== sideOfPrincipal(principal)) return false;
  if (p.appliesTo && !p.appliesTo(principal)) return false;
  return permits(principal, p.permission);
}

const byOrder = <T extends Common>(list: Iterable<T>) =>
  [...list].map((p, i) => ({ p, i })).sort((a, b) => (a.p.order ?? 100) - (b.p.order ?? 100) || a.i - b.i);

/**
 * The caller's workspace: the tasks and figures its abilities and side admit, counted in its scope; tasks with
 * something waiting come first. Counts come from the cache while the tables they read are unchanged (cache.ts);
 * those it has to compute run one after another, so a workspace opened by many users at once takes one
 * connection each.
 */
export async function workspaceOf(
  ctx: WorkspaceContext,
  /** live: count everything now, past the cache (the bench's baseline). */
  options: { live?: boolean } = {},
): Promise<{
  tasks: WorkspaceTask[];
  figures: WorkspaceFigure[];
}> {
  const admittedTasks = byOrder(tasks.values()).filter(({ p }) => admitted(p, ctx.principal));
  const admittedFigures = byOrder(figures.values()).filter(({ p }) => admitted(p, ctx.principal));
  // Each computation gets the database it is to count on (the cache watches which tables it reads).
  const request = (p: Common, run: (c: WorkspaceContext) => Promise<number>, tally?: TallyUse): CountRequest => ({
    key: p.key,
    caching: options.live ? false : (p.caching ?? 'scope'),
    compute: (db) => run({ ...ctx, db }),
    tally,
  });
  const values = await workspaceCountCache(ctx.db).counts(
    ctx.principal,
    ctx.today,
    [
      ...admittedTasks.map(({ p }) => request(p, (c) => p.count(c), tallyOf(p.count))),
      ...admittedFigures.map(({ p }) => request(p, (c) => p.value(c), tallyOf(p.value))),
    ],
    registeredTallies(),
  );
  const outTasks: WorkspaceTask[] = [];
  for (const [i, { p }] of admittedTasks.entries()) {
    const link = typeof p.link === 'function' ? p.link(ctx) : p.link;
    const listApi = typeof p.listApi === 'function' ? await p.listApi(ctx) : p.listApi;
    outTasks.push({ key: p.key, titleKey: p.titleKey, count: values[i] ?? 0, link, listApi, tone: p.tone });
  }
  const outFigures: WorkspaceFigure[] = admittedFigures.map(({ p }, i) => ({
    key: p.key,
    labelKey: p.labelKey,
    value: values[admittedTasks.length + i] ?? 0,
    link: p.link ?? null,
  }));
  const waiting = outTasks.filter((t) => t.count > 0);
  const idle = outTasks.filter((t) => t.count === 0);
  return { tasks: [...waiting, ...idle], figures: outFigures };
}
