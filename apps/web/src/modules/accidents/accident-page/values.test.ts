import { describe, expect, it } from 'vitest';
import { newVictim, routingRowKey } from './values.ts';

describe('accident form values', () => {
  it('ticks "under management" only for an employer, never for a commune (workers without a contract)', () => {
    expect(newVictim(true).underManagement).toBe(true);
    expect(newVictim(false).underManagement).toBe(false);
  });

  it('says a routing to a unit with no portal account must be sent another way, not "sent to 0 accounts"', () => {
    expect(routingRowKey({ notifiedUsers: 3 })).toBe('form.routingRow');
    expect(routingRowKey({ notifiedUsers: 0 })).toBe('form.routingRowNoAccount');
  });
});
