import { useNavigate } from "@tanstack/react-router";
import { useEffect } from "react";
import { isFirstRun } from "../local/content/installed.ts";
import type { UserDb } from "../local/store/db.ts";
import { useOnline } from "./useOnline.ts";

/** A device with no content yet goes to the updater, whose first run downloads the bank. */
export function useFirstRunRedirect(db: UserDb): void {
  const navigate = useNavigate();
  const online = useOnline();
  useEffect(() => {
    if (!online) return;
    let live = true;
    void isFirstRun(db).then((first) => {
      if (first && live) void navigate({ to: "/update" });
    });
    return () => {
      live = false;
    };
  }, [db, online, navigate]);
}
