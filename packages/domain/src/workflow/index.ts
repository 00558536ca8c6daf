/**
 * A record that moves through states, declared once: its statuses, the actions, the actors (roles) that take them, and
 * the table of allowed moves with what each needs (a reason, a confirmation, files, fields) and the notification
 * it sends. The API's workflow engine (guard, history, transition routes) and the web's actions bar are driven by
 * a declaration; the domain never writes its own lookup functions again.
 *
 * `deleted` is not a status: a move to it takes the record out of the lists (trash bin).
 */

export interface TransitionNeeds {
  /** The caller must give a reason (shown to the other side). */
  reason?: boolean;
  /** The page asks for a confirmation before the move (nothing to type). */
  confirm?: boolean;
  /** Files that must be attached first (checked by the domain). */
  files?: boolean;
  /** Fields that must be filled first (checked by the domain). */
  fields?: readonly string[];
}

export interface TransitionDecl<S extends string, A extends string, R extends string> {
  from: S;
  action: A;
  to: S | 'deleted';
  actor: R;
  needs?: TransitionNeeds;
  /** The notification kind this move sends (delivered by the notification service). */
  notify?: string;
}

export interface WorkflowDecl<S extends string, A extends string, R extends string> {
  /** A unique name ('equipment.declaration'), for errors and the registry. */
  name: string;
  statuses: readonly S[];
  actions: readonly A[];
  actors: readonly R[];
  transitions: readonly TransitionDecl<S, A, R>[];
}

export type TransitionCheck<S extends string> =
  | { ok: true; to: S | 'deleted'; needsReason: boolean }
  /** `actor`: this actor never takes this action (403); `state`: not from this status (409). */
  | { ok: false; reason: 'actor' | 'state' };

export interface Workflow<S extends string, A extends string, R extends string> extends WorkflowDecl<S, A, R> {
  /** The move `action` by `actor` from `from`, or null when the table has none. */
  find(from: S, action: A, actor?: R | null): TransitionDecl<S, A, R> | null;
  /** The table's verdict, telling a wrong actor (403) from a wrong status (409). */
  check(from: S, action: A, actor: R | null): TransitionCheck<S>;
  /** The actions `actor` may take from `status` (exactly the buttons a page shows), in the table's order. */
  actionsFor(status: S, actor?: R | null): A[];
  /** The actor that takes `action` (its first row), or the first actor when no row names it. */
  actorOf(action: A): R;
  /** Whether any move by `action` needs a reason. */
  needsReason(action: A): boolean;
  /** What the page must ask before `action` (the first row's needs). */
  needsOf(action: A): TransitionNeeds;
  /** The notification kind a move by `action` sends, if any. */
  notificationOf(action: A): string | undefined;
}

/** Thrown at start-up (module load) when a declaration names what it does not declare. */
export class WorkflowDeclarationError extends Error {}

/**
 * Check a declaration and give it its lookups. Every status, action and actor a transition names must be declared,
 * and no (from, action, actor) may appear twice: a mistake fails when the module loads, not on a user's click.
 */
export function defineWorkflow<const S extends string, const A extends string, const R extends string>(
  decl: WorkflowDecl<S, A, R>,
): Workflow<S, A, R> {
  const statuses = new Set<string>(decl.statuses);
  const actions = new Set<string>(decl.actions);
  const actors = new Set<string>(decl.actors);
  const seen = new Set<string>();
  for (const t of decl.transitions) {
    const where = `workflow ${decl.name}: ${t.from} --${t.action}/${t.actor}--> ${t.to}`;
    if (!statuses.has(t.from)) throw new WorkflowDeclarationError(`${where}: unknown status '${t.from}'`);
    if (t.to !== 'deleted' && !statuses.has(t.to))
      throw new WorkflowDeclarationError(`${where}: unknown status '${t.to}'`);
    if (!actions.has(t.action)) throw new WorkflowDeclarationError(`${where}: unknown action '${t.action}'`);
    if (!actors.has(t.actor)) throw new WorkflowDeclarationError(`${where}: unknown actor '${t.actor}'`);
    const key = `${t.from}|${t.action}|${t.actor}`;
    if (seen.has(key)) throw new WorkflowDeclarationError(`${where}: declared twice`);
    seen.add(key);
  }
  const transitions = Object.freeze([...decl.transitions]);
  const find = (from: S, action: A, actor?: R | null) =>
    transitions.find((t) => t.from === from && t.action === action && (actor == null || t.actor === actor)) ?? null;
  const first = (action: A) => transitions.find((t) => t.action === action);
  return Object.freeze({
    ...decl,
    transitions,
    find,
    check(from: S, action: A, actor: R | null): TransitionCheck<S> {
      if (!actor) return { ok: false, reason: 'actor' };
      const found = find(from, action, actor);
      if (found) return { ok: true, to: found.to, needsReason: found.needs?.reason ?? false };
      const actorEverDoes = transitions.some((t) => t.action === action && t.actor === actor);
      return { ok: false, reason: actorEverDoes ? 'state' : 'actor' };
    },
    actionsFor(status: S, actor?: R | null): A[] {
      if (actor === null) return [];
      return transitions
        .filter((t) => t.from === status && (actor === undefined || t.actor === actor))
        .map((t) => t.action);
    },
    actorOf: (action: A) => first(action)?.actor ?? decl.actors[0]!,
    needsReason: (action: A) => transitions.some((t) => t.action === action && t.needs?.reason),
    needsOf: (action: A) => first(action)?.needs ?? {},
    notificationOf: (action: A) => transitions.find((t) => t.action === action && t.notify)?.notify,
  });
}

/**
 * The filer's side of a review, the same in every workflow that has one: from each status the filer may still work
 * on, it edits (staying there), sends (`submit`, or `resubmit` after a refusal, asking for a confirmation) and
 * withdraws (to the trash bin, after a confirmation).
 */
export function filerMoves<S extends string, A extends string, R extends string>(
  actor: R,
  from: readonly { status: S; send: A; to: S; notify?: string }[],
): TransitionDecl<S, A | 'edit' | 'delete', R>[] {
  return from.flatMap(({ status, send, to, notify }) => [
    { from: status, action: 'edit' as const, to: status, actor },
    { from: status, action: send, to, actor, needs: { confirm: true }, ...(notify ? { notify } : {}) },
    { from: status, action: 'delete' as const, to: 'deleted' as const, actor, needs: { confirm: true } },
  ]);
}

/** Any workflow, for code that serves them all (the engine, the actions bar). */
// The three type parameters are erased where one mechanism serves every declaration.
export type AnyWorkflow = Workflow<string, string, string>;
