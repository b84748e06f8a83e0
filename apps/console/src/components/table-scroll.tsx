// A table too wide for a phone scrolls sideways in a region the keyboard can reach (Tab, then
// the arrow keys), named after the table.
import type { ReactNode } from 'react';

export function TableScroll({
  minWidth,
  label,
  children,
}: {
  minWidth: number;
  label: string;
  children: ReactNode;
}) {
  return (
    <div className="hc-table-scroll" role="region" aria-label={label} tabIndex={0}>
      <div style={{ minWidth }}>{children}</div>
    </div>
  );
}
