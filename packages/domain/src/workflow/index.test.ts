import { describe, expect, it } from 'vitest';
import { defineWorkflow, WorkflowDeclarationError } from './index.ts';

const review = () =>
  defineWorkflow({
    name: 'test.review',
    statuses: ['draft', 'submitted', 'accepted', 'refused'],
    actions: ['edit', 'submit', 'accept', 'refuse', 'delete'],
    actors: ['filer', 'reviewer'],
    transitions: [
      { from: 'draft', action: 'edit', to: 'draft', actor: 'filer' },
      { from: 'draft', action: 'submit', to: 'submitted', actor: 'filer', notify: 'submitted' },
      { from: 'draft', action: 'delete', to: 'deleted', actor: 'filer', needs: { confirm: true } },
      { from: 'submitted', action: 'accept', to: 'accepted', actor: 'reviewer' },
      { from: 'submitted', action: 'refuse', to: 'refused', actor: 'reviewer', needs: { reason: true } },
      { from: 'refused', action: 'submit', to: 'submitted', actor: 'filer' },
    ],
  });

describe('a workflow declaration', () => {
  it('tells a wrong actor (403) from a wrong status (409), and finds the move otherwise', () => {
    const w = review();
    expect(w.check('draft', 'submit', 'filer')).toEqual({ ok: true, to: 'submitted', needsReason: false });
    expect(w.check('submitted', 'refuse', 'reviewer')).toEqual({ ok: true, to: 'refused', needsReason: true });
    expect(w.check('draft', 'accept', 'filer')).toEqual({ ok: false, reason: 'actor' });
    expect(w.check('draft', 'accept', 'reviewer')).toEqual({ ok: false, reason: 'state' });
    expect(w.check('accepted', 'submit', 'filer')).toEqual({ ok: false, reason: 'state' });
    expect(w.check('draft', 'edit', null)).toEqual({ ok: false, reason: 'actor' });
    expect(w.find('refused', 'submit', 'filer')?.to).toBe('submitted');
    expect(w.find('refused', 'submit', 'reviewer')).toBeNull();
  });

  it('lists exactly the actions an actor may take from a status, in the table’s order', () => {
    const w = review();
    expect(w.actionsFor('draft', 'filer')).toEqual(['edit', 'submit', 'delete']);
    expect(w.actionsFor('draft', 'reviewer')).toEqual([]);
    expect(w.actionsFor('submitted', 'reviewer')).toEqual(['accept', 'refuse']);
    expect(w.actionsFor('submitted', null)).toEqual([]);
    // No actor named: every actor's moves (a workflow with one side).
    expect(w.actionsFor('submitted')).toEqual(['accept', 'refuse']);
    expect(w.actionsFor('accepted', 'filer')).toEqual([]);
  });

  it('says who takes an action, what it needs and what it tells', () => {
    const w = review();
    expect(w.actorOf('refuse')).toBe('reviewer');
    expect(w.actorOf('submit')).toBe('filer');
    expect(w.needsReason('refuse')).toBe(true);
    expect(w.needsReason('accept')).toBe(false);
    expect(w.needsOf('delete')).toEqual({ confirm: true });
    expect(w.needsOf('edit')).toEqual({});
    expect(w.notificationOf('submit')).toBe('submitted');
    expect(w.notificationOf('accept')).toBeUndefined();
  });

  it('fails when the module loads if a transition names what is not declared, or a move twice', () => {
    const base = {
      name: 'test.bad',
      statuses: ['a', 'b'] as const,
      actions: ['go'] as const,
      actors: ['someone'] as const,
    };
    const bad = (transitions: unknown[]) => () =>
      // Deliberately ill-typed declarations: what a typo would produce if the types were bypassed.
      defineWorkflow({ ...base, transitions } as unknown as Parameters<typeof defineWorkflow>[0]);
    expect(bad([{ from: 'a', action: 'go', to: 'c', actor: 'someone' }])).toThrow(/unknown status 'c'/);
    expect(bad([{ from: 'x', action: 'go', to: 'b', actor: 'someone' }])).toThrow(/unknown status 'x'/);
    expect(bad([{ from: 'a', action: 'run', to: 'b', actor: 'someone' }])).toThrow(/unknown action 'run'/);
    expect(bad([{ from: 'a', action: 'go', to: 'b', actor: 'nobody' }])).toThrow(/unknown actor 'nobody'/);
    expect(
      bad([
        { from: 'a', action: 'go', to: 'b', actor: 'someone' },
        { from: 'a', action: 'go', to: 'a', actor: 'someone' },
      ]),
    ).toThrow(WorkflowDeclarationError);
    expect(bad([{ from: 'a', action: 'go', to: 'deleted', actor: 'someone' }])).not.toThrow();
  });

  it('is frozen: a declaration cannot be changed after it is checked', () => {
    const w = review();
    expect(Object.isFrozen(w)).toBe(true);
    expect(Object.isFrozen(w.transitions)).toBe(true);
  });
});
