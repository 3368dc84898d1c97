import type { ReactNode } from "react";

/**
 * A table's own sideways scroller, for a table wider than a phone's screen. It is positioned, so
 * the table's absolutely placed parts (a screen reader's caption or label) stay inside it:
 * otherwise they escape to the page, and the whole page pans sideways (checkScreen in the e2e
 * suite fails a screen that does).
 */
export function TableScroller({ className, children }: { className?: string; children: ReactNode }) {
  return (
    <div className={className ? `relative overflow-x-auto ${className}` : "relative overflow-x-auto"}>{children}</div>
  );
}
