import { describe, expect, it } from 'vitest';
import { isMessageLabel, MESSAGE_LABELS } from './message-label.ts';

describe('message labels', () => {
  it('accepts exactly personal, company, important and private', () => {
    expect([...MESSAGE_LABELS]).toEqual(['personal', 'company', 'important', 'private']);
    for (const label of MESSAGE_LABELS) expect(isMessageLabel(label)).toBe(true);
  });

  it('rejects anything else, including case variants', () => {
    for (const label of ['unknown', '', 'Personal', 'private ', 'inbox', undefined, null, 1]) {
      expect(isMessageLabel(label)).toBe(false);
    }
  });
});
