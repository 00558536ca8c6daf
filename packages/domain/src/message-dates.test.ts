import { describe, expect, it } from 'vitest';
import { messageValue } from './format.ts';
import { translate } from './i18n.ts';

describe('dates in messages', () => {
  it('a calendar date put into a message reads as the portal shows dates, in both languages', () => {
    for (const lang of ['vi', 'en'] as const) {
      const text = translate(lang, 'equipment:errors.accreditation.expired', { date: '2026-11-20', type: 'TB11' });
      expect(text).toContain('20/11/2026');
      expect(text).not.toContain('2026-11-20');
    }
  });

  it('leaves every other value as it is', () => {
    expect(messageValue('KD-2026-11')).toBe('KD-2026-11');
    expect(messageValue('2026-11-20T08:00:00Z')).toBe('2026-11-20T08:00:00Z');
    expect(messageValue(42)).toBe(42);
    expect(messageValue('2026-11-20')).toBe('20/11/2026');
  });
});
