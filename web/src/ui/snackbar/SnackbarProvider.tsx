import { type ReactNode, useCallback, useMemo, useState, useSyncExternalStore } from "react";
import { monotonicClock, type UiClock } from "../clock.ts";
import { SnackbarContext } from "./context.ts";
import { visibleEntries } from "./queue.ts";
import { SnackbarStack } from "./SnackbarStack.tsx";
import { createSnackbarStore } from "./store.ts";

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
  return (
    <SnackbarContext.Provider value={api}>
      {children}
      {bottomSpace > 0 ? <div aria-hidden style={{ height: bottomSpace }} data-testid="snackbar-space" /> : null}
      <SnackbarStack
        entries={entries}
        onDismiss={store.dismiss}
        onPauseChange={onPauseChange}
        onBottomSpace={setBottomSpace}
      />
    </SnackbarContext.Provider>
  );
}
