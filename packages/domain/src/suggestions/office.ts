import type { UnitKindName } from '../accounts.ts';

/**
 * Who works the suggestion box's back office: the department (and administrators, as their unit), never the
 * other units, whatever their user type holds, since the senders' contacts are in it. The menu entry and the
 * API's rule both read this, so the menu never offers a page the API refuses.
 */
export const SUGGESTION_OFFICE_UNITS = ['department'] as const satisfies readonly UnitKindName[];
