import type { ReactNode } from 'react';
import Badge from 'antd/es/badge';

/**
 * A header button's unread count over its icon's top-right corner. Drawn beside the button, not inside it, and
 * hidden from assistive technology: the button's name already says the count, and a figure inside the button
 * would be visible text missing from that name (WCAG 2.5.3, label in name).
 */
export function CornerCount({ count, children }: { count: string | number; children: ReactNode }) {
  return (
    <span className="portal-corner-count">
      {children}
      <Badge count={count} size="small" aria-hidden="true" className="portal-corner-count-badge" />
    </span>
  );
}
