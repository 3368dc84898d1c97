import { type ReactNode, useCallback, useMemo, useState, useSyncExternalStore } from "react";
import { monotonicClock, type UiClock } from "../clock.ts";
import { deferred } from "../deferred.tsx";
import { SnackbarContext } from "./context.ts";
import { visibleEntries } from "./queue.ts";
import { createSnackbarStore } from "./store.ts";

// The cards' code comes with the first notification, not with the page (AFTER_LOAD in
// scripts/first-pages.ts fetches it once the first page has loaded, for a first visit offline).
const stack = deferred(() => import("./SnackbarStack.tsx").then((m) => m.SnackbarStack));

/** Loads the notifications' code now, so the first one shows in the frame that adds it (component tests). */
export const preloadSnackbars = stack.preload;

/**
 * Owns the notification queue and renders the stack; children call useSnackbar().notify(...).
 * The default clock is monotonic: a device clock set back must not freeze the queue.
 */
export function SnackbarProvider({ children, clock = monotonicClock }: { children: ReactNode; clock?: UiClock }) {
  const [store] = useState(() => createSnackbarStore(clock));
  const state = useSyncExternalStore(store.subscribe, store.getState, store.getState);
  const entries = useMemo(() => visibleEntries(state), [state]);
  const api = useMemo(() => ({ notify: store.notify, dismiss: store.dismiss }), [store]);
  const onPauseChange = useCallback((paused: boolean) => (paused ? store.pause() : store.resume()), [store]);
  // Room at the page's end while notifications show at the bottom, so no control stays under them.
  const [bottomSpace, setBottomSpace] = useState(0);
  // Mounted with the first notification and kept, so a card can slide out.
  const [shown, setShown] = useState(false);
  if (!shown && entries.length > 0) setShown(true);
  return (
    <SnackbarContext.Provider value={api}>
      {children}
      {bottomSpace > 0 ? <div aria-hidden style={{ height: bottomSpace }} data-testid="snackbar-space" /> : null}
      {shown ? (
        <stack.Deferred
          entries={entries}
          onDismiss={store.dismiss}
          onPauseChange={onPauseChange}
          onBottomSpace={setBottomSpace}
        />
      ) : null}
    </SnackbarContext.Provider>
  );
}
