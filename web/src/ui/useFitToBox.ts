import { type RefCallback, useCallback } from "react";

/**
 * Hides every item from the first one that does not fit the box wholly: no scrollbar and no
 * item cut in half (spec: items that do not fit are hidden). The box must be positioned (items
 * are measured by offsetTop) and gets its height from the layout: the sidebar is the window
 * height minus 160. Runs again when the window or the box resizes.
 *
 * A ref callback, not an effect: the box may appear after the items were read (the dashboard
 * renders its page below the title in a transition), and must be fitted then too.
 */
export function useFitToBox<T extends HTMLElement>(items: unknown): RefCallback<T> {
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-fit when the items change
  return useCallback(
    (list: T | null) => {
      if (!list) return;
      const hideOverflow = () => {
        const children = [...list.children] as HTMLElement[];
        for (const child of children) child.hidden = false;
        const limit = list.clientHeight;
        const firstOut = children.findIndex((child) => child.offsetTop + child.offsetHeight > limit);
        children.forEach((child, i) => {
          child.hidden = firstOut >= 0 && i >= firstOut;
        });
      };
      hideOverflow();
      // The box only shrinks to its items, so a taller window (more room under the cap) is
      // noticed on the window itself; the observer catches width changes that rewrap text.
      const observer = new ResizeObserver(hideOverflow);
      observer.observe(list);
      window.addEventListener("resize", hideOverflow);
      return () => {
        observer.disconnect();
        window.removeEventListener("resize", hideOverflow);
      };
    },
    [items],
  );
}
