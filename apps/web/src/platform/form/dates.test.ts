import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { isAhead, isDateFieldEnter, keepEnterInDateFields } from './dates.ts';

const inPicker = { closest: (selector: string) => (selector === '.ant-picker' ? {} : null) };
const elsewhere = { closest: () => null };

describe('date fields', () => {
  it('Enter in a date field is kept from submitting the form; other keys and fields are left alone', () => {
    expect(isDateFieldEnter({ key: 'Enter', target: inPicker as unknown as EventTarget })).toBe(true);
    expect(isDateFieldEnter({ key: 'Enter', target: elsewhere as unknown as EventTarget })).toBe(false);
    expect(isDateFieldEnter({ key: 'a', target: inPicker as unknown as EventTarget })).toBe(false);
    expect(isDateFieldEnter({ key: 'Enter', target: inPicker as unknown as EventTarget, isComposing: true })).toBe(
      false,
    );

    let listener: ((e: KeyboardEvent) => void) | null = null;
    const root = {
      addEventListener: (_type: string, l: (e: KeyboardEvent) => void) => (listener = l),
      removeEventListener: () => (listener = null),
    } as unknown as Document;
    const undo = keepEnterInDateFields(root);
    let prevented = false;
    listener!({ key: 'Enter', target: inPicker, preventDefault: () => (prevented = true) } as unknown as KeyboardEvent);
    expect(prevented).toBe(true);
    undo();
    expect(listener).toBeNull();
  });

  it('a day ahead is after today; a time ahead is after this minute', () => {
    const now = dayjs('2026-11-28T10:15:00');
    expect(isAhead(dayjs('2026-11-28T23:00:00'), now, 'day')).toBe(false);
    expect(isAhead(dayjs('2026-11-29T00:00:00'), now, 'day')).toBe(true);
    expect(isAhead(dayjs('2026-11-28T10:15:40'), now, 'minute')).toBe(false);
    expect(isAhead(dayjs('2026-11-28T10:16:00'), now, 'minute')).toBe(true);
  });
});
