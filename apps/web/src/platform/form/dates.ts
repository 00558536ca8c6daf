import type { FormRule } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import i18n from 'i18next';

/**
 * The date fields' behaviour, the same in every form (set up once in the Ant Design provider, or given to a field):
 *
 * - Enter in a date field confirms the date typed there and never submits the form around it (the browser's
 *   implicit submission would send a half-filled form).
 * - A date that cannot lie ahead (an accident, a birth) is checked by a rule, not by the picker's `disabledDate`:
 *   the picker silently erases a typed date it disables, and the form then only says the field is required.
 */

/** The class Ant Design's date and range pickers carry (its default prefix, which the portal keeps). */
const PICKER = '.ant-picker';

interface KeyEventLike {
  key: string;
  target: EventTarget | null;
  isComposing?: boolean;
}

/** Whether the key press is Enter inside a date field (its input), where it only confirms the date. */
export function isDateFieldEnter(event: KeyEventLike): boolean {
  if (event.key !== 'Enter' || event.isComposing) return false;
  const target = event.target as { closest?: (selector: string) => unknown } | null;
  return typeof target?.closest === 'function' && target.closest(PICKER) != null;
}

/**
 * Keeps Enter in the date fields of `root` from submitting their form: the default action (implicit submission)
 * is cancelled in the capture phase, while the picker's own handler still confirms the date. Returns the undo.
 */
export function keepEnterInDateFields(root: Pick<Document, 'addEventListener' | 'removeEventListener'>): () => void {
  const onKeyDown = (event: KeyboardEvent) => {
    if (isDateFieldEnter(event)) event.preventDefault();
  };
  root.addEventListener('keydown', onKeyDown, true);
  return () => root.removeEventListener('keydown', onKeyDown, true);
}

/** Whether `value` lies after `now`: a day after today (`day`), a time after this minute (`minute`). */
export function isAhead(value: Dayjs, now: Dayjs, unit: 'day' | 'minute'): boolean {
  return value.isAfter(now, unit);
}

/**
 * The rule of a date (`day`) or a date and time (`minute`) that cannot lie ahead: the typed value stays in the
 * field, with the reason beside it. Checked against the browser's clock; the server decides with its own.
 */
export function notInFuture(unit: 'day' | 'minute' = 'day'): FormRule {
  return {
    validator: async (_rule, value: unknown) => {
      if (dayjs.isDayjs(value) && isAhead(value, dayjs(), unit)) {
        throw new Error(i18n.t(unit === 'day' ? 'common:pickers.futureDate' : 'common:pickers.futureTime'));
      }
    },
  };
}
