import type { Principal } from '../../../platform/access/index.ts';
import { reporterOf, type Reporter } from '../filing/index.ts';

/**
 * Whom the reminders, the calendar feed and the workspace's report tasks speak to: the reporters the filing module
 * says a user files as (filing/access.ts), but not the department, whose own summaries to the ministry are not
 * reminded, nor an administrator.
 */
export function remindedReporter(principal: Principal | null): Reporter | null {
  if (!principal || principal.role === 'admin') return null;
  const reporter = reporterOf(principal);
  return reporter?.kind === 'department' ? null : reporter;
}

/**
 * A submission standing filed: submitted or accepted (a returned one is not complete: filing.ts). Before the due
 * day the reminders count a returned report as filed too (the return told the reporter what to do).
 */
export const COMPLETE = ['submitted', 'accepted'] as const;
export const FILED = [...COMPLETE, 'returned'] as const;
