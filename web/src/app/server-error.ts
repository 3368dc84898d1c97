/**
 * Spec study 8 in the page: an error reply of an online-only call becomes a danger 'Error'
 * notification (a validation map's messages on separate lines, otherwise the message), and
 * 'Session expired' (or any 401) goes to /login. The rule itself is shared
 * (sync-protocol/rules/server-error.ts); the notification is the one error notice (error-notice.ts).
 */
import { type ServerErrorNotice, serverErrorNotice } from "@preflight/sync-protocol/rules/server-error";
import { useNavigate } from "@tanstack/react-router";
import { useCallback } from "react";
import { ApiCallError } from "../local/api.ts";
import { useErrorNotice } from "./error-notice.ts";

export function noticeOf(err: unknown): ServerErrorNotice {
  if (err instanceof ApiCallError)
    return err.status === 401 ? { kind: "sign-in" } : serverErrorNotice(err.message, err.details);
  return serverErrorNotice(err instanceof Error ? err.message : String(err));
}

export function useServerErrorNotice(): (err: unknown) => void {
  const navigate = useNavigate();
  const showError = useErrorNotice();
  return useCallback(
    (err: unknown) => {
      const notice = noticeOf(err);
      if (notice.kind === "sign-in") void navigate({ to: "/login" });
      else showError(err, { title: notice.title, text: notice.text });
    },
    [navigate, showError],
  );
}
