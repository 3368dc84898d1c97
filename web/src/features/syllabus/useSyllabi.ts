/**
 * The syllabus selector (spec: only when more than one syllabus): GET /api/syllabi online, kept
 * on the device so the page shows the same offline; switching (POST /api/user/active-syllabus)
 * is online only. After a switch the syllabus details are pulled again and the content of the
 * new syllabus is installed from scratch (its packs differ), through the updater's first run.
 */
import { syllabusRoutes } from "@preflight/sync-protocol/routes/syllabus";
import type { SyllabiReply } from "@preflight/sync-protocol/schemas/syllabus";
import { useNavigate } from "@tanstack/react-router";
import { useLiveQuery } from "dexie-react-hooks";
import { useEffect, useState } from "react";
import { useServerErrorNotice } from "../../app/server-error.ts";
import { call, NetworkError } from "../../local/api.ts";
import { pullAll } from "../../local/pull/pull.ts";
import { getMeta, type UserDb } from "../../local/store/db.ts";

const SYLLABI_KEY = "syllabi";

export function useSyllabi(db: UserDb, online: boolean) {
  const navigate = useNavigate();
  const stored = useLiveQuery(() => getMeta<SyllabiReply>(db, SYLLABI_KEY), [db]);
  const [switching, setSwitching] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const serverError = useServerErrorNotice();

  useEffect(() => {
    if (!online) return;
    void call(syllabusRoutes.syllabi)
      .then((syllabi) => db.meta.put({ key: SYLLABI_KEY, value: syllabi }))
      .catch(() => undefined);
  }, [db, online]);

  const switchTo = async (syllabusId: number) => {
    setSwitching(true);
    setError(null);
    try {
      await call(syllabusRoutes.activeSyllabus, { body: { syllabus: syllabusId } });
      await db.meta.put({
        key: SYLLABI_KEY,
        value: { ...(stored ?? { syllabi: [] }), active_syllabus: { id: syllabusId } },
      });
      for (const err of await pullAll(db)) console.warn("pull after switching syllabus", err);
      // The new syllabus's content comes as its own packs: install them from scratch.
      await db.installedPacks.clear();
      await navigate({ to: "/update" });
    } catch (err) {
      // Offline is said beside the selector; a server's refusal is a notification (spec study 8).
      if (err instanceof NetworkError) setError("You are offline. Connect to the internet to change syllabus.");
      else serverError(err);
    } finally {
      setSwitching(false);
    }
  };

  return { syllabi: stored?.syllabi ?? [], activeId: stored?.active_syllabus?.id ?? null, switchTo, switching, error };
}
