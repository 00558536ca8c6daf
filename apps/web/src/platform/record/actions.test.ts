import { describe, expect, it } from 'vitest';
import { allowedActions, needsOf, singleFlight, workflowActions, type RecordAction } from './actions.ts';

const declared: RecordAction[] = [
  { key: 'delete', label: 'Delete', needs: 'confirm', danger: true },
  { key: 'cancel', label: 'Cancel', needs: 'reason' },
  { key: 'start', label: 'Start', needs: 'confirm' },
];

describe('record actions', () => {
  it('shows exactly the declared actions the API allows, in the page order', () => {
    expect(allowedActions(declared, ['start', 'delete', 'edit']).map((a) => a.key)).toEqual(['delete', 'start']);
    expect(allowedActions(declared, [])).toEqual([]);
    expect(allowedActions(declared, undefined)).toEqual([]);
  });

  it('maps a transition’s needs, a reason before a confirmation', () => {
    expect(needsOf(undefined)).toBe('none');
    expect(needsOf({ confirm: true })).toBe('confirm');
    expect(needsOf({ reason: true, confirm: true })).toBe('reason');
  });

  it('builds the bar from a workflow declaration (its order and needs) and the allowed actions', () => {
    // What the bar reads of a declaration: its actions in order, and what each needs.
    const needs: Record<string, { reason?: boolean; confirm?: boolean }> = {
      send: { confirm: true },
      refuse: { reason: true },
    };
    const flow = { actions: ['edit', 'send', 'refuse', 'accept'], needsOf: (a: string) => needs[a] ?? {} };
    const bar = workflowActions(flow, ['accept', 'refuse', 'edit'], {
      send: { label: 'Send', primary: true },
      refuse: { label: 'Refuse', danger: true },
      accept: { label: 'Accept' },
    });
    // "edit" has no looks (it is the form), "send" is not allowed now.
    expect(bar).toEqual([
      { key: 'refuse', label: 'Refuse', danger: true, needs: 'reason' },
      { key: 'accept', label: 'Accept', needs: 'none' },
    ]);
  });

  it('runs one action at a time and reports busy only while sending', async () => {
    const busy: (string | null)[] = [];
    const flight = singleFlight((b) => busy.push(b));
    let release!: () => void;
    const first = flight.run('start', async (sending) => {
      await new Promise<void>((r) => (release = r));
      sending();
    });
    expect(flight.held).toBe('start');
    expect(busy).toEqual([]);
    // A second click, on the same or another button, while the first holds the flight: nothing starts.
    let ranSecond = false;
    expect(
      await flight.run('delete', async () => {
        ranSecond = true;
      }),
    ).toBe(false);
    expect(ranSecond).toBe(false);
    release();
    expect(await first).toBe(true);
    expect(busy).toEqual(['start', null]);
    expect(flight.held).toBeNull();
    // A failed run frees the flight too.
    await expect(
      flight.run('start', async () => {
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(await flight.run('start', async () => undefined)).toBe(true);
  });
});
