import { type PointerEvent, useEffect, useRef, useState } from "react";
import { SNACKBAR_SLIDE_MS, type SnackbarEntry } from "./queue.ts";
import { Snackbar } from "./Snackbar.tsx";

/**
 * The visible notifications, top centre, newest at the bottom. A card slides in from above and,
 * when it hides, slides up while its row collapses. Pointer hover (a mouse, not a tap) or
 * keyboard focus inside the stack pauses the countdowns, so nobody loses a message mid-read.
 *
 * `data-react-aria-top-layer` keeps the stack usable over a react-aria modal: it is not hidden
 * from screen readers, and pressing Dismiss does not count as a click outside the modal.
 */
export function SnackbarStack({
  entries,
  onDismiss,
  onPauseChange,
}: {
  entries: readonly SnackbarEntry[];
  onDismiss: (id: number) => void;
  onPauseChange: (paused: boolean) => void;
}) {
  const ref = useRef<HTMLElement>(null);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const paused = hovered || focused;

  useEffect(() => onPauseChange(paused), [paused, onPauseChange]);

  // A removed card takes its focus with it without a blur event: look again after each change.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on purpose whenever the entries change
  useEffect(() => {
    setFocused(Boolean(ref.current?.contains(document.activeElement)));
  }, [entries]);

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
      data-react-aria-top-layer
      onPointerEnter={onPointer(true)}
      onPointerLeave={onPointer(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      }}
      className="pointer-events-none fixed inset-x-0 top-0 z-[60] flex justify-center px-3 pt-3"
    >
      <ol className="w-full max-w-md">
        {entries.map((entry) => {
          const hiding = entry.phase === "hiding";
          return (
            <li
              key={entry.id}
              aria-hidden={hiding || undefined}
              style={{ transitionDuration: `${SNACKBAR_SLIDE_MS}ms` }}
              className={`grid transition-all ease-out starting:-translate-y-full starting:opacity-0 motion-reduce:transition-none ${
                hiding ? "-translate-y-full grid-rows-[0fr] opacity-0" : "grid-rows-[1fr]"
              }`}
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
    </section>
  );
}
