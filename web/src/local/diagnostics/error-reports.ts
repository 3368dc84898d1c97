/**
 * The page's error listeners (spec accounts §9; issue 16), installed at start: window errors,
 * unhandled rejections and render errors are handed to the reporter (error-reporter.ts), which
 * records them on the device and sends them. The reporter is loaded with the first error or the
 * signed-in frame's first send rather than with the first page, which paints without it.
 */
import type { ClientErrorKind } from "@preflight/sync-protocol/rules/client-errors";
import { currentDate } from "../../platform.ts";
import { logEvent } from "./log-buffer.ts";

/** The build of the app running (the hashed name of its entry script), for reports. */
export function appBuild(): string | null {
  if (typeof document === "undefined") return null;
  const src = document.querySelector<HTMLScriptElement>('script[type="module"][src]')?.src ?? "";
  return /\/([\w.-]+)\.js$/.exec(src)?.[1]?.slice(0, 50) ?? null;
}

const reporter = async () => (await import("./error-reporter.ts")).errorReporter;

/** Records an error to be reported; never throws. */
export function captureError(kind: ClientErrorKind, error: unknown): void {
  reporter()
    .then((r) => r.capture(kind, error))
    .catch(() => undefined);
}

/** A render error the error boundary shows (app/RenderError.tsx). */
export function reportRenderError(error: unknown): void {
  captureError("render", error);
}

/** The signed-in frame sends the waiting reports now, when the network returns, and every minute. */
export function startErrorReports(): () => void {
  let stop: (() => void) | undefined;
  let stopped = false;
  reporter()
    .then((r) => {
      if (!stopped) stop = r.start();
    })
    .catch(() => undefined);
  return () => {
    stopped = true;
    stop?.();
  };
}

let installed = false;

/**
 * Once at app start: the console and network changes go to the device log, window errors and
 * unhandled rejections are recorded to be reported.
 */
export function listenForErrors(): void {
  if (installed || typeof window === "undefined") return;
  installed = true;
  window.addEventListener("error", (event) => captureError("error", event.error ?? event.message));
  window.addEventListener("unhandledrejection", (event) => captureError("unhandledrejection", event.reason));
  window.addEventListener("online", () => logEvent("network: online"));
  window.addEventListener("offline", () => logEvent("network: offline", "warn"));
  logEvent(`app started at ${currentDate().toISOString()} on ${location.pathname}`);
  // The waiting reports are sent by the signed-in frame (AppShell): they need a session, and the
  // sign-in page has no reason to open the device database for them.
}
