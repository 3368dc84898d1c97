/**
 * The spec's global request policy (each document's §8 "Global"), applied in one place: every
 * online call made with call()/callResponse() (local/api.ts) tells its failure to the listener
 * the app shell installs here, and the caller still gets the error for its own message.
 *
 *   401 (session gone)           → /login, once the server confirms the session is gone
 *   403 without a contract code  → the same check (the spec's 403 → /login)
 *   503                          → /
 *   408 or a timeout             → only logged
 *   500 (not on a test page)     → the info notice 'The application encountered an error'
 *   no answer at all             → stay: the caller uses what the device holds (departure)
 *
 * Departures, with the README's section "The global request policy":
 *  - No answer at all stays where it is: an offline-first app works from the device's data.
 *  - A 401 or 403 that is a refusal of this request, not a lost session, stays with the caller:
 *    a wrong password (`invalid_credentials`), a role or feature refusal (`forbidden`), a running
 *    subscription needed (`subscription_required`), a form from elsewhere (`cross_origin`), an
 *    account not yet activated (`inactive_account`). Sending the student to sign in again would
 *    not help with any of them.
 * Calls that say `globalPolicy: false` (the sign-in and session check, the outbox, pulls, the
 * content updater) report their own failures; a queued save never makes an online call.
 */
import { type NavigateFn, useLocation, useNavigate } from "@tanstack/react-router";
import { useEffect, useRef } from "react";
import { ApiCallError, type CallFailure, NetworkError, onCallFailure } from "../local/api.ts";
import { monotonicNow } from "../platform.ts";
import { useSnackbar } from "../ui/snackbar/context.ts";

export const APPLICATION_ERROR = {
  title: "The application encountered an error",
  text: "Please try again. If this continues, restart the app or contact support.",
} as const;

export const RENDER_ERROR = "The application encountered an unexpected error or needs to update, the page will reload";
export const RENDER_ERROR_RELOAD_MS = 2000;

/** What the policy does with one failed call. */
export type PolicyAction =
  /** Ask the server whether the session is gone; if so, sign in again. */
  | "check-session"
  /** Go to / (the server is unavailable). */
  | "home"
  /** Only log it (408, timeout). */
  | "log"
  /** The info notice APPLICATION_ERROR. */
  | "notice"
  /** Nothing more: the caller's own handling (and message) is all. */
  | "caller";

/** The 401 and 403 codes that refuse this one request and leave the session as it is. */
const REFUSALS: ReadonlySet<string> = new Set([
  "invalid_credentials",
  "forbidden",
  "cross_origin",
  "inactive_account",
  "subscription_required",
]);

/**
 * The test-taking pages, where a 500 shows no notice (spec test-taking §8): a running test, its
 * results and a retake. The builders (/test/select/…), previous tests and flagged questions are not.
 */
export function isTestPage(pathname: string): boolean {
  return /^\/test\/(?!select(\/|$)|previous(\/|$)|flagged(\/|$))[^/]+/.test(pathname);
}

/** The policy table: one failed call on the page at `pathname` → what happens. */
export function policyAction(error: unknown, pathname: string): PolicyAction {
  if (error instanceof NetworkError) return error.reason === "timeout" ? "log" : "caller";
  if (!(error instanceof ApiCallError)) return "caller";
  const { status, code } = error;
  if (status === 401 || status === 403) return REFUSALS.has(code) ? "caller" : "check-session";
  if (status === 503) return "home";
  if (status === 408) return "log";
  if (status >= 500) return isTestPage(pathname) ? "caller" : "notice";
  return "caller";
}

/** The notice once for failures that arrive together: none again while one is on screen. */
const NOTICE_QUIET_MS = 5000;

/**
 * Installs the policy for every call while the signed-in frame is mounted (AppShell). The
 * session check runs once however many calls fail with 401 at the same time.
 */
export function useGlobalRequestPolicy(): void {
  const navigate = useNavigate();
  const { notify } = useSnackbar();
  const pathname = useLocation({ select: (location) => location.pathname });
  const latest = useRef({ navigate, notify, pathname });
  latest.current = { navigate, notify, pathname };

  useEffect(() => {
    let checking = false;
    let noticeAt = Number.NEGATIVE_INFINITY;
    return onCallFailure(({ route, error }: CallFailure) => {
      const { navigate, notify, pathname } = latest.current;
      switch (policyAction(error, pathname)) {
        case "check-session":
          if (checking) return;
          checking = true;
          void signInIfSessionGone(navigate).finally(() => {
            checking = false;
          });
          return;
        case "home":
          void navigate({ to: "/", ignoreBlocker: true });
          return;
        case "log":
          console.warn(`${route}: no answer in time`, error);
          return;
        case "notice": {
          const now = monotonicNow();
          if (now - noticeAt < NOTICE_QUIET_MS) return;
          noticeAt = now;
          notify({ type: "info", ...APPLICATION_ERROR });
          return;
        }
        case "caller":
          return;
      }
    });
  }, []);
}

/** The server says whether the session is gone (checkSession also renews an offline sign-in). */
async function signInIfSessionGone(navigate: NavigateFn): Promise<void> {
  const result = await import("../local/account/session.ts")
    .then(({ checkSession }) => checkSession())
    .catch(() => null);
  if (result?.kind !== "signed-out") return;
  await navigate({
    to: "/login",
    search: result.reason === "none" ? {} : { reason: result.reason },
    ignoreBlocker: true,
  });
}

/** The policy as a component, for the app shell to mount inside its SnackbarProvider. */
export function GlobalRequestPolicy(): null {
  useGlobalRequestPolicy();
  return null;
}
