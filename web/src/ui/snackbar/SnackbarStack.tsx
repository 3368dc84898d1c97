import { type PointerEvent, useEffect, useRef, useState } from "react";
import { useSmallScreen } from "../useSmallScreen.ts";
import {
  defaultPosition,
  SNACKBAR_POSITIONS,
  SNACKBAR_SLIDE_MS,
  type SnackbarEntry,
  type SnackbarPosition,
} from "./queue.ts";
import { Snackbar } from "./Snackbar.tsx";

/** Where each position's list sits; a bottom list slides its cards in and out downwards. */
const PLACES: Record<SnackbarPosition, { list: string; bottom: boolean }> = {
  "top-right": { list: "top-0 right-0 items-end", bottom: false },
  "top-center": { list: "top-0 inset-x-0 mx-auto items-center", bottom: false },
  "bottom-center": { list: "bottom-0 inset-x-0 mx-auto items-center", bottom: true },
};

/**
 * The visible notifications, each at its position (top centre by default, bottom centre on a
 * small screen, or where the notify call asked), newest at the bottom. A card slides in from its
 * edge and, when it hides, slides back out while its row collapses. Pointer hover (a mouse, not a tap) or
 * keyboard focus inside the stack pauses the countdowns, so nobody loses a message mid-read.
 *
 * `data-react-aria-top-layer` keeps the stack usable over a react-aria modal: it is not hidden
 * from screen readers, and pressing Dismiss does not count as a click outside the modal.
 */
export function SnackbarStack({
  entries,
  onDismiss,
  onPauseChange,
  onBottomSpace,
}: {
  entries: readonly SnackbarEntry[];
  onDismiss: (id: number) => void;
  onPauseChange: (paused: boolean) => void;
  /** The height of the bottom list while it shows (0 when gone): the room the page keeps at its end. */
  onBottomSpace?: (px: number) => void;
}) {
  const ref = useRef<HTMLElement>(null);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const paused = hovered || focused;
  const smallScreen = useSmallScreen();
  const at = (entry: SnackbarEntry) => entry.position ?? defaultPosition(smallScreen);

  useEffect(() => onPauseChange(paused), [paused, onPauseChange]);

  // A removed card takes its focus with it without a blur event: look again after each change.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on purpose whenever the entries change
  useEffect(() => {
    setFocused(Boolean(ref.current?.contains(document.activeElement)));
  }, [entries]);

  // A bottom list would lie over the last controls of a page (a test's page numbers on a phone):
  // while it shows, the page gets that much room at its end, so they can be scrolled clear of it.
  const bottomList = useRef<HTMLOListElement | null>(null);
  const hasBottom = entries.some((entry) => at(entry) === "bottom-center" && entry.phase !== "hiding");
  useEffect(() => {
    const list = bottomList.current;
    if (!hasBottom || !list || typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(() => onBottomSpace?.(list.offsetHeight));
    observer.observe(list);
    return () => {
      observer.disconnect();
      onBottomSpace?.(0);
    };
  }, [hasBottom, onBottomSpace]);

  const onPointer = (over: boolean) => (event: PointerEvent) => {
    if (event.pointerType === "mouse") setHovered(over);
  };
  // The card under the mouse goes away without a pointerleave: stop pausing with it.
  const dismiss = (id: number) => {
    setHovered(false);
    onDismiss(id);
  };

  return (
    <section
      ref={ref}
      aria-label="Notifications"
      data-no-snapshot
      data-react-aria-top-layer
      onPointerEnter={onPointer(true)}
      onPointerLeave={onPointer(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      }}
      className="pointer-events-none fixed inset-0 z-[60]"
    >
      {SNACKBAR_POSITIONS.map((position) => {
        const here = entries.filter((entry) => at(entry) === position);
        if (here.length === 0) return null;
        const { list, bottom } = PLACES[position];
        const away = bottom ? "translate-y-full" : "-translate-y-full";
        return (
          <ol
            key={position}
            ref={bottom ? bottomList : undefined}
            data-position={position}
            className={`absolute flex w-full max-w-md flex-col p-3 ${list}`}
          >
            {here.map((entry) => {
              const hiding = entry.phase === "hiding";
              return (
                <li
                  key={entry.id}
                  // Sliding out, the card is gone for keyboards and screen readers alike: aria-hidden
                  // alone would leave its Dismiss button focusable inside hidden content.
                  inert={hiding || undefined}
                  aria-hidden={hiding || undefined}
                  style={{ transitionDuration: `${SNACKBAR_SLIDE_MS}ms` }}
                  className={`grid w-full transition-all ease-out starting:opacity-0 motion-reduce:transition-none ${
                    bottom ? "starting:translate-y-full" : "starting:-translate-y-full"
                  } ${hiding ? `${away} grid-rows-[0fr] opacity-0` : "grid-rows-[1fr]"}`}
                >
                  <div
                    className={`min-h-0 px-1 pb-2 ${hiding ? "pointer-events-none overflow-hidden" : "pointer-events-auto"}`}
                  >
                    <Snackbar entry={entry} onDismiss={dismiss} />
                  </div>
                </li>
              );
            })}
          </ol>
        );
      })}
    </section>
  );
}
