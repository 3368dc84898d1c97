/**
 * Client error reporting (spec accounts §9; issue 16): the page's uncaught errors, unhandled
 * promise rejections and render errors go to the server (`POST /client-errors`). Loaded with the
 * first error or the signed-in frame's first send, not with the page (error-reports.ts listens). The gate
 * (error-gate.ts) lets at most 5 new ones a minute through and counts an error seen again
 * instead of reporting it twice. Each waits in the device database (`pendingErrors`, per device:
 * an error may happen signed out) until it reaches the server: sent at start, right after it
 * happens, when the network returns, and every minute while any wait (signed out, offline, or
 * the server's own limit). Reporting never throws and never reports its own failures.
 */
import { CLIENT_ERROR_LIMITS, type ClientErrorKind } from "@preflight/sync-protocol/rules/client-errors";
import type { ClientErrorsBody } from "@preflight/sync-protocol/schemas/diagnostics";
import { now, platformFetch } from "../../platform.ts";
import { routeEntry } from "../api.ts";
import type { DeviceDb, PendingError } from "../store/db.ts";
import { ErrorGate, errorKey } from "./error-gate.ts";
import { appBuild } from "./error-reports.ts";
import { describe, logEvent } from "./log-buffer.ts";

/** An error value as the report's message and stack. */
export function errorParts(value: unknown): { message: string; stack: string | null } {
  const cut = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);
  // biome-ignore lint/suspicious/noControlCharactersInRegex: a report holds no NUL or other control characters but tabs and line breaks.
  const clean = (text: string) => text.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, "?");
  if (value instanceof Error) {
    const message = clean(`${value.name}: ${value.message}`).replace(/[\t\r\n]+/g, " ");
    return {
      message: cut(message, CLIENT_ERROR_LIMITS.maxMessageChars),
      stack: value.stack ? cut(clean(value.stack), CLIENT_ERROR_LIMITS.maxStackChars) : null,
    };
  }
  const message = clean(describe(value) || "Unknown error").replace(/[\t\r\n]+/g, " ");
  return { message: cut(message, CLIENT_ERROR_LIMITS.maxMessageChars), stack: null };
}

/**
 * The device database, loaded with the first error or send rather than with the page: the first
 * page paints without IndexedDB's library when nothing asks for it (the sign-in page).
 */
const lazyDeviceDb = async (): Promise<DeviceDb> => (await import("../store/db.ts")).deviceDb();

export class ErrorReporter {
  private readonly gate = new ErrorGate();
  private sending: Promise<void> | null = null;
  private retryTimer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly db: () => DeviceDb | Promise<DeviceDb> = lazyDeviceDb,
    private readonly clock: () => number = now,
    private readonly page: () => string | null = () =>
      typeof location === "undefined" ? null : location.pathname.slice(0, 300),
  ) {}

  /** Records an error (or counts it again); resolves when it is stored, not when it is sent. */
  async capture(kind: ClientErrorKind, error: unknown): Promise<void> {
    try {
      const { message, stack } = errorParts(error);
      const key = errorKey(message, stack);
      const decision = this.gate.decide(key, this.clock());
      if (decision === "limited") {
        logEvent(`error report suppressed (over ${CLIENT_ERROR_LIMITS.perMinute} a minute): ${message}`, "warn");
        return;
      }
      const db = await this.db();
      if (decision === "duplicate") {
        await db.pendingErrors
          .where("key")
          .equals(key)
          .modify((row) => {
            row.count++;
          });
        return;
      }
      await db.transaction("rw", db.pendingErrors, async () => {
        await db.pendingErrors.add({
          id: crypto.randomUUID(),
          key,
          kind,
          message,
          stack,
          page: this.page(),
          count: 1,
          at: new Date(this.clock()).toISOString(),
          app_version: appBuild(),
        });
        const over = (await db.pendingErrors.count()) - CLIENT_ERROR_LIMITS.maxQueued;
        if (over > 0) await db.pendingErrors.bulkDelete(await db.pendingErrors.orderBy("at").limit(over).primaryKeys());
      });
      logEvent(`error report queued (${kind}): ${message}`, "info");
      void this.send();
    } catch {
      // Reporting an error must not raise another.
    }
  }

  /** Sends the waiting errors, five at a time, while the server takes them. One run at a time. */
  send(): Promise<void> {
    this.sending ??= this.sendAll().finally(() => {
      this.sending = null;
    });
    return this.sending;
  }

  private async sendAll(): Promise<void> {
    try {
      const db = await this.db();
      // Signed out: the errors wait for a sign-in (the call needs a session).
      if (!(await db.session.get("current"))) return;
      for (;;) {
        const batch = await db.pendingErrors.orderBy("at").limit(CLIENT_ERROR_LIMITS.perMinute).toArray();
        if (batch.length === 0) return;
        const outcome = await post(batch);
        if (outcome.kind === "wait") {
          this.retryIn(outcome.ms);
          return;
        }
        if (outcome.kind === "refused") logEvent(`error reports refused by the server: ${outcome.status}`, "warn");
        else logEvent(`error reports sent: ${outcome.accepted} stored, ${outcome.dropped} over the limit`);
        await db.pendingErrors.bulkDelete(batch.map((e) => e.id));
      }
    } catch {
      this.retryIn(CLIENT_ERROR_LIMITS.windowMs);
    }
  }

  private retryIn(ms: number): void {
    if (this.retryTimer !== null) return;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      void this.send();
    }, ms);
  }

  /** Sends now, when the network returns, and every minute; answers the stop function. */
  start(): () => void {
    const run = () => void this.send();
    run();
    window.addEventListener("online", run);
    const timer = setInterval(run, CLIENT_ERROR_LIMITS.windowMs);
    return () => {
      window.removeEventListener("online", run);
      clearInterval(timer);
    };
  }
}

type PostOutcome =
  | { kind: "sent"; accepted: number; dropped: number }
  | { kind: "refused"; status: number }
  | { kind: "wait"; ms: number };

async function post(batch: PendingError[]): Promise<PostOutcome> {
  const body: ClientErrorsBody = {
    errors: batch.map(({ id, kind, message, stack, page, count, at, app_version }) => ({
      id,
      kind,
      message,
      stack,
      page,
      count,
      at,
      app_version,
    })),
  };
  let res: Response;
  let entry: Awaited<ReturnType<typeof routeEntry<"clientErrors">>>;
  try {
    // The catalogue's entry comes with the first call rather than the page (api.ts).
    entry = await routeEntry("clientErrors");
    res = await platformFetch(entry.path, {
      method: "POST",
      credentials: "same-origin",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
  } catch {
    return { kind: "wait", ms: CLIENT_ERROR_LIMITS.windowMs };
  }
  if (res.ok) {
    const reply = entry.reply.safeParse(await res.json().catch(() => null));
    return reply.success
      ? { kind: "sent", accepted: reply.data.accepted, dropped: reply.data.dropped }
      : { kind: "wait", ms: CLIENT_ERROR_LIMITS.windowMs };
  }
  if (res.status === 429) {
    const seconds = Number(res.headers.get("retry-after"));
    return {
      kind: "wait",
      ms: Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : CLIENT_ERROR_LIMITS.windowMs,
    };
  }
  // Signed out on the server, or the server cannot take it now: later.
  if (res.status === 401 || res.status === 403 || res.status === 408 || res.status >= 500)
    return { kind: "wait", ms: CLIENT_ERROR_LIMITS.windowMs };
  return { kind: "refused", status: res.status };
}

/** The page's reporter. */
export const errorReporter = new ErrorReporter();
