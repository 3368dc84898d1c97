import { useLayoutEffect, useRef } from "react";

/**
 * Hides every item from the first one that does not fit the box wholly: no scrollbar and no
 * item cut in half (spec: items that do not fit are hidden). The box must be positioned (items
 * are measured by offsetTop) and gets its height from the layout: the sidebar is the window
 * height minus 160. Runs again when the window or the box resizes.
 */
export function useFitToBox<T extends HTMLElement>(deps: unknown) {
  const box = useRef<T>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-fit when the items change
  useLayoutEffect(() => {
    const list = box.current;
    if (!list) return;
    const hideOverflow = () => {
      const items = [...list.children] as HTMLElement[];
      for (const item of items) item.hidden = false;
      const limit = list.clientHeight;
      const firstOut = items.findIndex((item) => item.offsetTop + item.offsetHeight > limit);
      items.forEach((item, i) => {
        item.hidden = firstOut >= 0 && i >= firstOut;
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
  }, [deps]);
  return box;
}
