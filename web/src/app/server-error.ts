/**
 * Spec study 8 in the page: an error reply of an online-only call becomes a danger 'Error'
 * notification (a validation map's messages on separate lines, otherwise the message), and
 * 'Session expired' goes to /login. The rule itself is shared (sync-protocol/rules/server-error.ts);
 * the notification is the one error notice (error-notice.ts). A 401 or 403 that means the session
 * is gone is the global request policy's (request-policy.ts): it confirms with the server and
 * goes to /login itself, so nothing more is shown here.
 */
import { type ServerErrorNotice, serverErrorNotice } from "@preflight/sync-protocol/rules/server-error";
import { useNavigate } from "@tanstack/react-router";
import { useCallback } from "react";
import { ApiCallError } from "../local/api.ts";
import { useErrorNotice } from "./error-notice.ts";
import { policyAction } from "./request-policy.ts";

export function noticeOf(err: unknown): ServerErrorNotice | { kind: "policy" } {
  // Whether the session is gone does not depend on the page (request-policy.ts).
  if (err instanceof ApiCallError)
    return policyAction(err, "/") === "check-session"
      ? { kind: "policy" }
      : serverErrorNotice(err.message, err.details);
  return serverErrorNotice(err instanceof Error ? err.message : String(err));
}

export function useServerErrorNotice(): (err: unknown) => void {
  const navigate = useNavigate();
  const showError = useErrorNotice();
  return useCallback(
    (err: unknown) => {
      const notice = noticeOf(err);
      if (notice.kind === "sign-in") void navigate({ to: "/login" });
      else if (notice.kind === "notify") showError(err, { title: notice.title, text: notice.text });
    },
    [navigate, showError],
  );
}
