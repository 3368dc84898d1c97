/**
 * Previous tests: this device's finished tests (offline too), merged with the server's list
 * when online, so tests taken on another device appear and the server's marking counts.
 */

import { fixedRoutes } from "@preflight/sync-protocol/routes/fixed";
import type { PreviousTest } from "@preflight/sync-protocol/schemas/fixed";
import { useLiveQuery } from "dexie-react-hooks";
import { useEffect, useMemo, useState } from "react";
import { useHideFixedResults } from "../../app/live-queries.ts";
import { useOnline } from "../../app/useOnline.ts";
import { call } from "../../local/api.ts";
import { HIDE_FIXED_RESULTS_META } from "../../local/pull/fixed-tests.ts";
import type { UserDb } from "../../local/store/db.ts";
import { mergePreviousTests, type PreviousRow } from "./rows.ts";

export interface PreviousTestsView {
  rows: PreviousRow[];
  hideFixedResults: boolean;
  /** The server's list is in (false offline or while loading: the device's tests only). */
  fromServer: boolean;
}

export function usePreviousTests(db: UserDb): PreviousTestsView | undefined {
  const local = useLiveQuery(() => db.userTests.filter((t) => t.finished !== null).toArray(), [db]);
  const hideFixedResults = useHideFixedResults(db);
  const online = useOnline();
  const [server, setServer] = useState<PreviousTest[] | null>(null);

  useEffect(() => {
    if (!online) return;
    let cancelled = false;
    call(fixedRoutes.previousTests)
      .then(async (reply) => {
        // The server-wide setting, kept for offline use like the fixed tests' copy of it.
        await db.meta.put({ key: HIDE_FIXED_RESULTS_META, value: reply.hide_fixed_results });
        if (!cancelled) setServer(reply.tests);
      })
      .catch((err: unknown) => console.warn("previous tests: using this device's tests only", err));
    return () => {
      cancelled = true;
    };
  }, [db, online]);

  return useMemo(
    () =>
      local === undefined
        ? undefined
        : { rows: mergePreviousTests(local, server, hideFixedResults), hideFixedResults, fromServer: server !== null },
    [local, server, hideFixedResults],
  );
}
