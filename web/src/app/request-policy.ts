/**
 * The spec's global request policy, for calls that only make sense online (never for a save:
 * saves wait in the outbox). 20 s timeout (in call()); 401 and 403 go to /login; 503 goes
 * to /; a 408 or a timeout is only logged; a 500 shows the info notice. "No answer at all" is
 * the one departure: an offline-first app stays where it is and uses what the device holds,
 * so the caller gets `offline` back to fall back on local data.
 */
import { useNavigate } from "@tanstack/react-router";
import { useCallback } from "react";
import { ApiCallError, NetworkError } from "../local/api.ts";
import { useSnackbar } from "../ui/snackbar/context.ts";

export const APPLICATION_ERROR = {
  title: "The application encountered an error",
  text: "Please try again. If this continues, restart the app or contact support.",
} as const;

export const RENDER_ERROR = "The application encountered an unexpected error or needs to update, the page will reload";
export const RENDER_ERROR_RELOAD_MS = 2000;

export type PolicyOutcome = "handled" | "offline" | "timeout";

export function useRequestPolicy(): (err: unknown) => PolicyOutcome {
  const navigate = useNavigate();
  const { notify } = useSnackbar();
  return useCallback(
    (err: unknown): PolicyOutcome => {
      if (err instanceof NetworkError) {
        if (err.reason === "timeout") {
          console.warn("request timed out", err);
          return "timeout";
        }
        return "offline";
      }
      if (err instanceof ApiCallError) {
        if (err.status === 401 || err.status === 403) void navigate({ to: "/login" });
        else if (err.status === 503) void navigate({ to: "/" });
        else if (err.status === 408) console.warn("request timed out", err);
        else if (err.status >= 500) notify({ type: "info", ...APPLICATION_ERROR });
        return "handled";
      }
      throw err;
    },
    [navigate, notify],
  );
}
