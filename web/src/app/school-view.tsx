/**
 * One page of the school area read from the server (issue 20), with its last view kept on the
 * device (local/school/kept-views.ts): the kept view shows at once, the server's reply replaces
 * it, and offline the kept view stays, said to be from when it came. A refusal of the server
 * (another school's class, an account that is no instructor's) shows its message and drops the
 * kept view. Shared by the school area's features (the classes, the fixed tests), so it sits in
 * app/ with the notices every such page shows.
 */
import { useCallback, useEffect, useState } from "react";
import { ApiCallError, NetworkError } from "../local/api.ts";
import { dropSchoolView, keepSchoolView, keptSchoolView } from "../local/school/kept-views.ts";
import { now } from "../platform.ts";
import { Button } from "../ui/Button.tsx";
import { useSignedIn } from "./session-context.tsx";

export type SchoolView<R> =
  | { state: "loading" }
  /** `keptAt`: shown from the device, as it was then (the server could not be reached). */
  | { state: "shown"; reply: R; keptAt: string | null; refreshing: boolean }
  | { state: "refused"; message: string }
  | { state: "offline" }
  | { state: "failed"; message: string };

export function useSchoolView<R>(
  key: string,
  read: () => Promise<R>,
): { view: SchoolView<R>; reload: () => void; replace: (reply: R) => Promise<void> } {
  const { scope } = useSignedIn();
  const [view, setView] = useState<SchoolView<R>>({ state: "loading" });
  const [round, setRound] = useState(0);
  const reload = useCallback(() => setRound((n) => n + 1), []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `read` is the page's call of `key`; `round` asks again.
  useEffect(() => {
    let cancelled = false;
    void (async () => {
      const kept = await keptSchoolView<R>(scope.db, key).catch(() => undefined);
      if (cancelled) return;
      setView((was) =>
        was.state === "shown"
          ? { ...was, refreshing: true }
          : kept
            ? { state: "shown", reply: kept.reply, keptAt: kept.at, refreshing: true }
            : { state: "loading" },
      );
      try {
        const reply = await read();
        if (cancelled) return;
        setView({ state: "shown", reply, keptAt: null, refreshing: false });
        await keepSchoolView(scope.db, key, { reply, at: new Date(now()).toISOString() });
      } catch (err) {
        if (cancelled) return;
        if (err instanceof NetworkError) {
          setView((was) =>
            was.state === "shown"
              ? { ...was, keptAt: was.keptAt ?? kept?.at ?? new Date(now()).toISOString(), refreshing: false }
              : kept
                ? { state: "shown", reply: kept.reply, keptAt: kept.at, refreshing: false }
                : { state: "offline" },
          );
        } else if (err instanceof ApiCallError && (err.status === 403 || err.status === 404)) {
          setView({ state: "refused", message: err.message });
          await dropSchoolView(scope.db, key);
        } else {
          console.warn("school area: the server's reply could not be read", err);
          setView({ state: "failed", message: "The server could not answer. Try again in a moment." });
        }
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [key, round, scope.db]);

  /** A newer reply the page got by itself (the server's answer to a save): shown and kept. */
  const replace = useCallback(
    async (reply: R) => {
      setView({ state: "shown", reply, keptAt: null, refreshing: false });
      await keepSchoolView(scope.db, key, { reply, at: new Date(now()).toISOString() });
    },
    [key, scope.db],
  );

  return { view, reload, replace };
}

/** A moment as the school area says it: "21 Nov 2026, 09:00" (the device's time zone). */
export const schoolTimeText = (iso: string) =>
  new Date(iso).toLocaleString("en-GB", { dateStyle: "medium", timeStyle: "short" });

/** What a page says besides its content: loading, offline, refused, a view kept from earlier. */
export function SchoolViewNotices<R>({ view, what }: { view: SchoolView<R>; what: string }) {
  if (view.state === "loading")
    return (
      <p className="text-sm text-slate-600" role="status">
        Loading…
      </p>
    );
  if (view.state === "offline")
    return (
      <p role="status" className="rounded-md bg-slate-100 p-3 text-sm text-slate-700" data-testid="school-offline">
        This device is offline. The school area is read from the server: {what} will show once you are online.
      </p>
    );
  if (view.state === "refused" || view.state === "failed")
    return (
      <p role="alert" className="rounded-md bg-amber-50 p-3 text-sm text-amber-900" data-testid="school-refused">
        {view.message}
      </p>
    );
  if (view.keptAt)
    return (
      <p role="status" className="rounded-md bg-slate-100 p-3 text-sm text-slate-700" data-testid="school-kept">
        The server cannot be reached: this is {what} as it was on {schoolTimeText(view.keptAt)}.
      </p>
    );
  return null;
}

export function SchoolRefreshButton({ view, reload }: { view: SchoolView<unknown>; reload: () => void }) {
  const busy = view.state === "loading" || (view.state === "shown" && view.refreshing);
  return (
    <Button variant="secondary" onPress={reload} disabled={busy} testId="school-refresh">
      {busy ? "Refreshing…" : "Refresh"}
    </Button>
  );
}
